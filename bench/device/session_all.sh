#!/usr/bin/env bash
# One batched run on the GPU machine (device tool): build the GPU side of scanlab once, then run
# each part's script with its own time budget. Every part writes under $OUT/<part>/; a failing
# part is logged and the next one still runs.
#
#   bash bench/device/session_all.sh            (from the repository root, $OUT set by the tool)
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
BUILD=build-gpu
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
start=$(date +%s)
stamp() { echo "[$(( $(date +%s) - start )) s] $*" | tee -a "$OUT/session.log"; }

nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total,clocks.max.sm,clocks.max.mem --format=csv \
  >"$OUT/gpu.txt" 2>&1
nvcc --version | tail -2 >>"$OUT/gpu.txt"
cmake --version | head -1 >>"$OUT/gpu.txt"
stamp "configure"
timeout 120 cmake -S . -B "$BUILD" -G Ninja -DSCANLAB_ENABLE_CPU=OFF >"$OUT/configure.log" 2>&1 \
  || { stamp "configure FAILED"; tail -30 "$OUT/configure.log"; }
stamp "build"
timeout 240 ninja -C "$BUILD" -j 16 -k 0 >"$OUT/build.log" 2>&1 || stamp "build had failures (see build.log)"
grep -E "FAILED|error" "$OUT/build.log" | head -20
stamp "built"

run_part() {  # name budget_seconds script
  local name=$1 budget=$2 script=$3
  if [[ ! -f $script ]]; then stamp "$name: $script missing, skipped"; return; fi
  mkdir -p "$OUT/$name"
  stamp "$name: start (budget ${budget} s)"
  OUT="$OUT" timeout --kill-after=5 "$budget" bash "$script" "$BUILD" >"$OUT/$name/console.log" 2>&1
  stamp "$name: exit $?"
  tail -15 "$OUT/$name/console.log"
}
# The benchmark first (it needs the GPU to itself and feeds the docs), then the checks.
run_part bench 170 bench/device/bench_gpu.sh
run_part labs 80 bench/device/labs_catch2.sh
run_part grader 140 bench/device/grader_gpu.sh
stamp "done"
