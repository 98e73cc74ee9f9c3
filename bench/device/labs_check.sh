#!/usr/bin/env bash
# Run on the GPU machine (device tool): build every lab for the GPU and run the checks of every
# reference solution (and lab 8's advanced one) and every stub, with logs in $OUT.
# Usage: bash bench/device/labs_check.sh      (needs nothing beyond CUDA, CMake, Catch2, fmt)
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
LOGS=/tmp/scanlab-lab-logs   # many files: packed into $OUT/lab-logs.tgz at the end
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | tee "$OUT/gpu.txt"
cmake -S . -B build-labs -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_TESTS=OFF >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
cmake --build build-labs -j 16 >"$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -20; exit 1; }
: >"$OUT/summary.txt"
for n in 1 2 3 4 5 6 7 8; do
  for variant in solution advanced student; do
    exe=$(ls build-labs/bin/lab${n}-*-check-${variant}-gpu 2>/dev/null | head -1)
    [ -n "$exe" ] || continue
    start=$(date +%s%N)
    "$exe" >"$LOGS/lab${n}-${variant}.log" 2>&1
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    printf 'lab%s %-9s exit %s  %7d ms  %s\n' "$n" "$variant" "$rc" "$ms" "$(tail -1 "$LOGS/lab${n}-${variant}.log")" | tee -a "$OUT/summary.txt"
  done
done
tar czf "$OUT/lab-logs.tgz" -C "$LOGS" .
