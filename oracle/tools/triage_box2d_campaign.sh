#!/usr/bin/env bash
# Triage of a Box2D-only fuzz campaign (TOUCHE_FUZZ_ENGINES=box2d scripts/fuzz-campaign): for
# every target directory of CAMPAIGN, the failure lines (touche-failure-*.jsonl) become one case
# file, which `touche validate --engines box2d` judges against the reference again; the report
# is tabulated by outcome, and the edge–polygon targets are labelled by the 2.4.1 branch that
# made each disagreement (oracle/tools/explain_edge_polygon.py).
#
#   bash oracle/tools/triage_box2d_campaign.sh build/release/touche CAMPAIGN
set -euo pipefail
tool=$1
campaign=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
for dir in "$campaign"/*/failures; do
  pair=$(basename "$(dirname "$dir")")
  files=("$dir"/touche-failure-*.jsonl)
  [ -e "${files[0]}" ] || { echo "== $pair: no failures"; continue; }
  cases="$campaign/$pair.triage.cases.jsonl"
  cat "${files[@]}" | sed 's/,"failure":"[^"]*"}$/}/' > "$cases"
  "$tool" validate "$cases" --engines box2d > "$campaign/$pair.triage.txt" || true
  echo "== $pair: ${#files[@]} failures"
  grep -A1 '^\[box2d\]' "$campaign/$pair.triage.txt" | grep -v '^\[box2d\]\|^--' |
    sed 's/:.*//' | sort | uniq -c
  case "$pair" in
    segment_polygon | chainSegment_polygon)
      python3 "$here/explain_edge_polygon.py" "$campaign/$pair.triage.txt" ;;
  esac
done
