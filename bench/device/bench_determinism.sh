#!/usr/bin/env bash
# scanlab-bench's own determinism check and CUB's deterministic baseline, in one device run
# (issue 42): lab 8's advanced reference beside cudaMemcpy, the float4 copy kernel, CUB's default
# (PyPI's CCCL and the toolkit's) and CUB's run-to-run deterministic scan, every point also scanned
# 5 times on one random float input with the output bits hashed (the "outputs" column: 1/5 = the
# same bits every run). Isolated calls up to 2^22 (the small-n target: latency against the float4
# copy kernel).
#   device run, carry ["cccl-pypi"]: timeout -k 10 580 bash bench/device/bench_determinism.sh
# Writes $OUT/bench-determinism.txt and .json.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
timeout -k 5 150 cmake -S . -B build-bench -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON \
  -DSCANLAB_BUILD_TESTS=OFF -DSCANLAB_BENCH_CCCL_INCLUDE="$PWD/cccl-pypi/include" >"$OUT/bench-configure.txt" 2>&1
echo "configure exit $?"
timeout -k 5 300 ninja -C build-bench scanlab-bench >"$OUT/bench-build.txt" 2>&1
echo "build exit $?"
timeout -k 10 240 build-bench/bin/scanlab-bench --only advanced --determinism 5 --latency-max-log2 22 \
  --log2 28 30 26 27 29 10 12 14 16 18 20 22 --min-reps 15 --max-reps 400 --min-time 0.01 --hang-seconds 15 \
  --json "$OUT/bench-determinism.json" 2>&1 | tee "$OUT/bench-determinism.txt"
echo "bench exit ${PIPESTATUS[0]}"
