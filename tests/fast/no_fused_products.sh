#!/usr/bin/env bash
# Every fast-engine build must perform the IEEE operations its source writes (-ffp-contract=off):
# no fused multiply-add anywhere in the given binaries. The AVX-512 kernel builds enable FMA as
# an instruction set, and GCC 12's SLP vectorizer has fused a rotation's products there despite
# -ffp-contract=off (shapes.h, TOUCHE_FAST_TARGET_AVX512); this finds any that come back.
# Exit 77 (skipped) without objdump.
set -euo pipefail
command -v objdump >/dev/null || exit 77
status=0
for binary in "$@"; do
  fused=$(objdump -d --no-show-raw-insn "$binary" |
    grep -cE $'\tv?f(n)?m(add|sub)(sub|add)?[0-9]{3}' || true)
  if [[ "$fused" != 0 ]]; then
    echo "$binary: $fused fused multiply-add instructions:"
    objdump -d --no-show-raw-insn -C "$binary" |
      awk '/^[0-9a-f]+ </ {fn = $0} /\tv?f(n)?m(add|sub)(sub|add)?[0-9][0-9][0-9]/ {print fn}' |
      sort | uniq -c | head -20
    status=1
  else
    echo "$binary: no fused multiply-add"
  fi
done
exit $status
