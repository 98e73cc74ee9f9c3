#!/usr/bin/env bash
# Prints lab 8's advanced reference with its register kernel's ITEMS per thread and the size its
# staged kernel starts at (2^LOG2) set, whatever they are now; fails when either constant is not
# found, so a renamed constant cannot silently give an unchanged "variant".
#
#   bash research/smalln/make_variant.sh SOURCE ITEMS LOG2 > variant.cu
set -euo pipefail
src=$1 items=$2 log2=$3
out=$(sed -e "s/^constexpr unsigned ITEMS = [0-9]*;/constexpr unsigned ITEMS = $items;/" \
          -e "s/^constexpr unsigned STAGED_FROM_N = 1u << [0-9]*;/constexpr unsigned STAGED_FROM_N = 1u << $log2;/" "$src")
grep -q "^constexpr unsigned ITEMS = $items;" <<<"$out" &&
  grep -q "^constexpr unsigned STAGED_FROM_N = 1u << $log2;" <<<"$out" ||
  { echo "make_variant: ITEMS or STAGED_FROM_N not found in $src" >&2; exit 1; }
printf '%s\n' "$out"
