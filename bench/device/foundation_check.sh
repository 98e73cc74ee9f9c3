#!/usr/bin/env bash
# Run on the GPU machine (device tool): configure and build scanlab with that machine's CMake 4,
# Catch2 v3 and nvcc, run every GPU test (and the CPU backend's, if Boost.Context is there), and
# leave logs in $OUT. Usage: bash bench/device/foundation_check.sh
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
{
  nvidia-smi -L
  nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.mem --format=csv
  cmake --version | head -1
  nvcc --version | tail -2
  g++ --version | head -1
} 2>&1 | tee "$OUT/environment.txt"
cmake -S . -B build-device -G Ninja -DSCANLAB_BUILD_LABS=${SCANLAB_BUILD_LABS:-OFF} 2>&1 | tee "$OUT/configure.log" | tail -5
cmake --build build-device -j 16 2>&1 | tail -5 | tee "$OUT/build.log"
ctest --test-dir build-device --output-on-failure -j 8 2>&1 | tee "$OUT/ctest.log" | tail -25
