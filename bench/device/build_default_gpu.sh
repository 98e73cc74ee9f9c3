#!/usr/bin/env bash
# Run on the GPU machine (device tool): the default configuration (SCANLAB_ENABLE_GPU=AUTO must find
# the GPU), the whole tree built, the CTest suite run (GPU tests included), every reference
# solution's check and lab 3's stub (its grouped report) on the GPU. Logs in $OUT.
# Usage: timeout -k 10 580 bash bench/device/build_default_gpu.sh
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | tee "$OUT/gpu.txt"
start=$(date +%s)
cmake -S . -B build-default -G Ninja >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
grep -E "scanlab: (backends|building for|no GPU)" "$OUT/configure.log"
cmake --build build-default -j 16 >"$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -20; exit 1; }
echo "configure + build: $(( $(date +%s) - start )) s"
timeout -k 5 240 ctest --test-dir build-default -j 8 --timeout 120 >"$OUT/ctest.log" 2>&1
grep -E "tests passed|\((Failed|Timeout)\)" "$OUT/ctest.log"
for n in 1 2 3 4 5 6 7 8; do
  for variant in solution advanced; do
    exe=$(ls build-default/bin/lab${n}-*-check-${variant}-gpu 2>/dev/null | head -1)
    [ -n "$exe" ] || continue
    timeout -k 5 120 "$exe" --quiet >"$OUT/lab${n}-${variant}.log" 2>&1
    echo "lab$n $variant exit $? $(tail -1 "$OUT/lab${n}-${variant}.log")"
  done
done
timeout -k 5 120 build-default/bin/lab3-double-buffer-check-student-gpu --color never >"$OUT/lab3-student.log" 2>&1
echo "lab3 student exit $? (a stub fails: 1)"; tail -8 "$OUT/lab3-student.log"
