#!/usr/bin/env bash
# Runs Box2D 2.4.1 (touche's in-process adapter) on the built-in corpus and on COUNT random
# cases of every pair it supports, then `touche check`s its manifolds: engine `box2d` (each
# polygon's own radius) under the box2d-2.4.1-noskin conventions, and engine `box2d_skin`
# (Box2D's 0.01 skin on every polygon, as Box2D builds them) under box2d-2.4.1. Writes the
# cases, manifolds, verdicts and HTML reports into OUT; exits 1 if any case fails.
# The edge pairs (segment and chainSegment against circle and polygon) are also judged against
# the reference with `touche validate --engines box2d,box2d_skin` (OUT/NAME.validate.txt): the
# exact-geometry judge of `touche check` knows a chain segment's geometry, not its one-sidedness
# or its ghost vertices, which the reference implements (Box2D v3 semantics); the reference's
# manifolds are kept (OUT/NAME.reference.jsonl) and oracle/tools/study_table.py OUT tabulates
# everything, splitting the chain files' failing verdicts by the reference's answer.
#
#   bash oracle/tools/run_box2d_study.sh build/release/touche OUT [COUNT] [SEED] [PAIRS]
#
# PAIRS (default: every pair Box2D 2.4.1 supports, both orders for polygon-circle) limits the
# random files, e.g. "segment_circle chainSegment_polygon".
set -euo pipefail
tool=$1
out=$2
count=${3:-100000}
seed=${4:-1}
pairs=${5:-"circle_circle polygon_circle circle_polygon polygon_polygon segment_circle \
segment_polygon chainSegment_circle chainSegment_polygon"}
source "$(dirname "${BASH_SOURCE[0]}")/study_cases.sh"
write_study_cases "$out" "$count" "$seed" "$pairs"
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
  case "$name" in
    segment_* | chainSegment_*)
      "$tool" collide --engine reference "$cases" > "$out/$name.reference.jsonl" || true
      "$tool" validate "$cases" --engines box2d,box2d_skin > "$out/$name.validate.txt" || status=1
      ;;
  esac
done
exit $status
