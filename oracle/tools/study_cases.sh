# Sourced by the Box2D study scripts: writes OUT/builtin.cases.jsonl (the built-in corpus) and
# OUT/PAIR.cases.jsonl (COUNT random cases of each pair, oracle/tools/random_cases.py, SEED).
#
#   write_study_cases OUT COUNT SEED "PAIR PAIR ..."
write_study_cases() {
  local out=$1 count=$2 seed=$3 pairs=$4
  local tools
  tools=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  mkdir -p "$out"
  cp "$tools/../corpus/builtin.jsonl" "$out/builtin.cases.jsonl"
  local pair
  for pair in $pairs; do
    python3 "$tools/random_cases.py" --pair "$pair" --count "$count" --seed "$seed" \
      > "$out/$pair.cases.jsonl"
  done
}
