#!/usr/bin/env bash
# The notes' benchmark (bench/results/bench-h100.json, bench/results/h200/bench-h200.json) in one
# device run: every reference at every size against the copies, PyPI's CUB as "cub" and the
# toolkit's as "cub-toolkit" (the same settings as perf_round2.sh's last step, without its other
# measurements).
#
#   bash bench/get_cccl.sh cccl-pypi            # here, once (carried)
#   device run, carry ["cccl-pypi"]:  timeout -k 10 400 bash bench/device/bench_notes.sh cccl-pypi/include
#
# Writes $OUT/bench/ (bench_gpu.sh's files) and $OUT/build-steps.txt.
set -uo pipefail
CCCL=${1:-cccl-pypi/include}
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
{
  timeout -k 5 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON \
    -DSCANLAB_BENCH_CCCL_INCLUDE="$PWD/$CCCL" >/dev/null; echo "configure exit $?"
  timeout -k 5 240 ninja -C build-gpu scanlab-bench >/dev/null; echo "build exit $?"
} >"$OUT/build-steps.txt" 2>&1
OUT="$OUT" bash bench/device/bench_gpu.sh build-gpu
