#!/usr/bin/env bash
# Runs Box2D 2.4.1 (touche's in-process adapter) on the built-in corpus and on COUNT random
# cases of every pair it supports, then `touche check`s its manifolds: engine `box2d` (each
# polygon's own radius) under the box2d-2.4.1-noskin conventions, and engine `box2d_skin`
# (Box2D's 0.01 skin on every polygon, as Box2D builds them) under box2d-2.4.1. Writes the
# cases, manifolds, verdicts and HTML reports into OUT; exits 1 if any case fails.
#
#   bash oracle/tools/run_box2d_study.sh build/release/touche OUT [COUNT] [SEED]
set -euo pipefail
tool=$1
out=$2
count=${3:-100000}
seed=${4:-1}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out"
cp "$here/../corpus/builtin.jsonl" "$out/builtin.cases.jsonl"
for pair in circle_circle polygon_circle circle_polygon polygon_polygon; do
  python3 "$here/random_cases.py" --pair "$pair" --count "$count" --seed "$seed" \
    > "$out/$pair.cases.jsonl"
done
status=0
for cases in "$out"/*.cases.jsonl; do
  name=$(basename "$cases" .cases.jsonl)
  for run in box2d:box2d-2.4.1-noskin box2d_skin:box2d-2.4.1; do
    engine=${run%%:*}
    conventions=${run#*:}
    "$tool" collide --engine "$engine" "$cases" > "$out/$name.$engine.jsonl" || true
    echo "== $name, engine $engine, conventions $conventions" >&2
    "$tool" check --cases "$cases" --manifolds "$out/$name.$engine.jsonl" \
      --conventions "$conventions" --html "$out/$name.$engine.html" \
      > "$out/$name.$engine.verdicts.jsonl" || status=1
  done
done
exit $status
