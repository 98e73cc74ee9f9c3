#!/usr/bin/env bash
# Lab 8's deterministic look-back (issue 42), in one device run:
#   1. the advanced reference's GPU check: the lab's cases, sizes in and around each kernel's range
#      (past 2^30 a second launch carries in), compute-sanitizer memcheck and synccheck;
#   2. bench/device/determinism.cu: every implementation scanned 20 times on the same float input
#      at each size, bits compared with the first run; times next to cudaMemcpy, CUB's default and
#      CUB's run-to-run deterministic scan (CCCL from PyPI: pass its include folder as cccl-pypi/).
#
#   pip download --no-deps nvidia-cuda-cccl && unzip the wheel; cp -r <it>/nvidia/cu13/include/cccl cccl-pypi/include
#   device run, carry ["cccl-pypi"]: timeout -k 10 580 bash bench/device/determinism.sh
#
# Writes $OUT/checks.txt and $OUT/determinism.txt. Other versions of the reference (an earlier
# commit's, other look-back windows) build from the same program with -DLAB8_REFERENCE: see
# bench/results/determinism-h200.md for the commands.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"

timeout -k 5 200 nvcc -O3 -std=c++17 -arch=sm_90 -I cccl-pypi/include -I labs/lab8-single-pass \
  bench/device/determinism.cu -o /tmp/determinism 2>"$OUT/determinism-build.txt"
echo "determinism build exit $?"
timeout -k 10 200 /tmp/determinism 10 12 14 15 16 18 20 21 22 23 24 26 27 28 29 30 2>&1 | tee "$OUT/determinism.txt"

{
  [ -f build-gpu/build.ninja ] ||
    timeout -k 5 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON >/dev/null
  timeout -k 5 200 ninja -C build-gpu lab8-single-pass-check-advanced-gpu >/dev/null; echo "build exit $?"
  check=build-gpu/bin/lab8-single-pass-check-advanced-gpu
  for n in "" "--n 1" "--n 4097" "--n 20000" "--n 32769" "--n 2097151" "--n 2097153" "--n 4194303" \
           "--n 4194305" "--n 4202497" "--n 16777216" "--n 16785409" "--n 268435456" "--n 1073741824" \
           "--n 1073741830"; do
    label=${n:-"the lab cases"}
    echo "check $label: $(timeout -k 5 120 $check --quiet --color never $n 2>&1 | tail -1)"
  done
  for tool in memcheck synccheck; do
    for n in 20000 2105345 4202497; do  # the latency kernel's look-back; the register kernel; the ring kernel
      echo "compute-sanitizer $tool at n = $n: $(timeout -k 5 120 compute-sanitizer --tool $tool \
        $check --quiet --color never --n $n 2>&1 | grep -E "ERROR SUMMARY|cases passed" | tr '\n' ' ')"
    done
  done
} >"$OUT/checks.txt" 2>&1
cat "$OUT/checks.txt"
