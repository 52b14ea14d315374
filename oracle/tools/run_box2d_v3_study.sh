#!/usr/bin/env bash
# Runs Box2D v3 (touche's in-process engine box2d_v3; a build configured with
# TOUCHE_BOX2D_V3_DIR) on the built-in corpus and on COUNT random cases of every pair
# (oracle/tools/random_cases.py, the capsule pairs included), then judges its manifolds twice:
# `touche validate --engines box2d_v3` (against the reference at v3's speculative distance,
# NAME.validate.txt) and `touche check --conventions box2d-v3` (against exact geometry,
# NAME.verdicts.jsonl and an HTML report). Writes everything into OUT and prints one line per
# file; exits 1 if anything fails (v3's findings do: docs/findings.md, "Box2D v3").
#
#   bash oracle/tools/run_box2d_v3_study.sh build/release/touche OUT [COUNT] [SEED] [PAIRS]
set -euo pipefail
tool=$1
out=$2
count=${3:-20000}
seed=${4:-1}
pairs=${5:-"circle_circle polygon_circle circle_polygon polygon_polygon segment_circle \
segment_polygon chainSegment_circle chainSegment_polygon capsule_circle capsule_capsule \
polygon_capsule segment_capsule chainSegment_capsule"}
source "$(dirname "${BASH_SOURCE[0]}")/study_cases.sh"
write_study_cases "$out" "$count" "$seed" "$pairs"
status=0
for cases in "$out"/*.cases.jsonl; do
  name=$(basename "$cases" .cases.jsonl)
  "$tool" collide --engine box2d_v3 "$cases" > "$out/$name.box2d_v3.jsonl" || true
  "$tool" validate "$cases" --engines box2d_v3 > "$out/$name.validate.txt" || status=1
  "$tool" check --cases "$cases" --manifolds "$out/$name.box2d_v3.jsonl" \
    --conventions box2d-v3 --html "$out/$name.box2d_v3.html" \
    > "$out/$name.verdicts.jsonl" 2> "$out/$name.check.txt" || status=1
  printf '%-22s validate: %s | check: %s\n' "$name" \
    "$(sed -n 2,12p "$out/$name.validate.txt" | awk '$NF != 0' | tr -s ' ' | paste -sd';')" \
    "$(tail -n 1 "$out/$name.check.txt")"
done
exit $status
