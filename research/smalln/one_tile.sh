#!/usr/bin/env bash
# Device run, from the repository root:   timeout -k 10 500 bash research/smalln/one_tile.sh
# Builds one_tile.cu with lab 5's and lab 8's advanced references (their scan renamed), times the
# isolated calls (one_tile.txt), reads each kernel's duration, instructions and stall reasons with
# ncu at 2^10 and 2^16 (ncu-log2nK.txt; caches flushed before each kernel, clocks left alone), and
# counts the SASS instructions of each kernel (sass-sizes.txt). Results under $OUT.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
b=$(mktemp -d)
flags=(-O3 -std=c++17 -arch=sm_90)
nvcc "${flags[@]}" -Ilabs/lab5-exclusive -Dscan=lab5_scan -Dscan_workspace_bytes=lab5_workspace \
  -c solutions/lab5-exclusive/warp_shift.cu -o "$b/lab5.o" &
src=solutions/lab8-single-pass/decoupled_lookback.cu
# Lab 8's variants: the latency kernel's threads per block, minimum blocks per SM (the register
# cap) and float4s per thread, as TxBxR; "reg": no latency kernel (LATENCY_UP_TO_N = 0); or edits
# of variant_edits.py joined by "+"; or file:PATH, another version of the reference. The committed
# file is "as-is". ONE_TILE_LOG2 lists the sizes.
variants=${ONE_TILE_VARIANTS:-"as-is reg 256x4x1 512x2x1 512x2x2 256x4x4 512x2x4 1024x1x2 1024x1x4"}
: >"$b/variants.inc"
k=0
for v in $variants; do
  f="$b/v$k.cu"
  case $v in
    as-is) cp $src "$f" ;;
    reg) sed 's/constexpr unsigned LATENCY_UP_TO_N = .*;/constexpr unsigned LATENCY_UP_TO_N = 0;/' $src >"$f" ;;
    *x*x*) IFS=x read -r threads blocks rows <<<"$v"
       sed "s/constexpr unsigned LATENCY_THREADS = .*;/constexpr unsigned LATENCY_THREADS = $threads;/
            s/constexpr unsigned LATENCY_MIN_BLOCKS_PER_SM = .*;/constexpr unsigned LATENCY_MIN_BLOCKS_PER_SM = $blocks;/
            s/constexpr unsigned LATENCY_ROWS = .*;/constexpr unsigned LATENCY_ROWS = $rows;/" $src >"$f" ;;
    file:*) cp "${v#file:}" "$f" ;;  # another version of the reference, e.g. git show HEAD:... > x.cu
    *) python3 research/smalln/variant_edits.py $src "$v" >"$f" || exit 1 ;;  # e.g. single+v4, diagnowait+lat22
  esac
  [ "$v" = reg ] && cmp -s $src "$f" && { echo "variant $v left the source unchanged"; exit 1; }
  nvcc "${flags[@]}" -Dscan=lab8_v${k}_scan -Dscan_workspace_bytes=lab8_v${k}_workspace -c "$f" -o "$b/lab8_v$k.o" &
  echo "VARIANT(lab8_v${k}_scan, \"$v\")" >>"$b/variants.inc"
  k=$((k + 1))
done
wait
[ "$(ls "$b"/lab8_v*.o | wc -l)" = $k ] && [ -f "$b/lab5.o" ] || { echo "a variant did not compile"; exit 1; }
nvcc "${flags[@]}" -DONE_TILE_VARIANTS="\"$b/variants.inc\"" research/smalln/one_tile.cu "$b"/lab*.o -o "$b/one_tile" || exit 1
for o in lab5 lab8_v0 one_tile; do
  cuobjdump -sass "$b/$o"* 2>/dev/null | awk '/Function :/{f=$3} /\/\*[0-9a-f]{4}\*\//{c[f]++} END{for(k in c) print c[k], k}'
done | sort -u >"$OUT/sass-sizes.txt"
timeout -k 5 200 "$b/one_tile" >"$OUT/one_tile.txt" 2>&1; echo "time exit $?"
for k in ${ONE_TILE_NCU_LOG2:-10 16}; do
  timeout -k 5 120 ncu --clock-control none --cache-control all -k 'regex:copy|scan' \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_active.max,smsp__cycles_active.max,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio \
    "$b/one_tile" profile $k >"$OUT/ncu-log2n$k.txt" 2>&1; echo "ncu 2^$k exit $?"
done
cat "$OUT/sass-sizes.txt" "$OUT/one_tile.txt"
