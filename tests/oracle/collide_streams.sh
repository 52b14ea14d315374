#!/bin/bash
# `touche collide -` answers each line as it arrives: with its input still open, the manifold
# of the first line must come out before the second line is written (it once read to the end
# of its input first, so a pipe got nothing until it was closed).
set -euo pipefail
tool=$1
work=$(mktemp -d)
pid=
cleanup() {
  if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
case_line() {
  echo "{\"id\":\"$1\",\"a\":{\"type\":\"circle\",\"center\":[0,0],\"radius\":1},\"b\":{\"type\":\"circle\",\"center\":[1.5,0],\"radius\":1}}"
}
mkfifo "$work/in" "$work/out"
"$tool" collide - <"$work/in" >"$work/out" &
pid=$!
exec 3>"$work/in" 4<"$work/out"
case_line first >&3
if ! read -r -t 30 answer <&4; then
  echo "no answer to the first line while the input stays open"
  exit 1
fi
[[ $answer == '{"id":"first","engine":"reference","status":"contact"'* ]] || {
  echo "unexpected first answer: $answer"
  exit 1
}
case_line second >&3
exec 3>&-
read -r -t 30 answer <&4
[[ $answer == '{"id":"second",'* ]] || {
  echo "unexpected second answer: $answer"
  exit 1
}
wait "$pid"
pid=
echo "collide answered each line as it arrived"
