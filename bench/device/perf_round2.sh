#!/usr/bin/env bash
# The performance round's measurements in one device run (bench/results/perf-round2-*.md):
#
#   bash bench/get_cccl.sh cccl-pypi            # here, once: PyPI's newest CCCL (carried)
#   device run, carry ["cccl-pypi"]:  timeout -k 10 580 bash bench/device/perf_round2.sh cccl-pypi/include
#
# 1. builds the GPU benchmark with PyPI's CUB as "cub" and the toolkit's as "cub-toolkit", and
#    the GPU checks of the references labs 7 and 8 (taught and advanced);
# 2. runs those checks (every case, up to the largest sizes);
# 3. scanlab-bench --gpumode (GPU MODE's method) for labs 7 and 8 advanced, the copies and CUB;
# 4. torch.cumsum and cupy.cumsum (bench/device/framework_scans.py, GPU MODE timing too), and
#    the taught chain with other tiles (research/chain/);
# 5. bench/device/bench_gpu.sh: every reference at every size (the notes' tables and plots).
# Everything lands in $OUT/perf.tgz (the device tool returns at most 8 files) and the logs' tails in
# $OUT/summary.txt. Each step has a time limit; the script never stops early.
set -uo pipefail
CCCL=${1:-cccl-pypi/include}
OUT=${OUT:-/tmp/scanlab-out}
W="$OUT/perf"
mkdir -p "$W"
STEP_DIR="$W"
source "$(dirname "$0")/steps.sh"  # step NAME SECONDS command...: time limit, log, never abort
: >"$W/steps.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv >"$W/gpu.txt" 2>&1

step configure 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON \
  -DSCANLAB_BENCH_CCCL_INCLUDE="$PWD/$CCCL"
step build 240 ninja -C build-gpu scanlab-bench lab7-hierarchical-check-solution-gpu \
  lab7-hierarchical-check-advanced-gpu lab8-single-pass-check-solution-gpu lab8-single-pass-check-advanced-gpu
for lab in lab7-hierarchical lab8-single-pass; do
  for variant in solution advanced; do
    step "check-${lab%%-*}-$variant" 90 "build-gpu/bin/$lab-check-$variant-gpu"
  done
done
step gpumode 150 build-gpu/bin/scanlab-bench --gpumode --only lab8-advanced,lab7-advanced --json "$W/gpumode.json"
step frameworks 120 python3 bench/device/framework_scans.py --gpumode --json "$W/frameworks.json"
# The taught chain (lab 8's reference) with other tiles (research/chain/README.md).
chain() {
  for cfg in "128 8" "256 8" "512 8" "1024 4" "1024 8" "1024 9"; do
    set -- $cfg
    nvcc -O3 -arch=sm_90 -I research/chain -DCHAIN_BLOCK=$1 -DCHAIN_COARSE=$2 -o "build-gpu/chain-$1x$2" \
      research/chain/chain_tiles.cu && timeout -k 5 60 "build-gpu/chain-$1x$2"
  done
}
step chain 200 bash -c "$(declare -f chain); chain"
left=$(( 560 - $(elapsed) ))
if [ "$left" -gt 60 ]; then
  step bench "$left" env OUT="$W" bash bench/device/bench_gpu.sh build-gpu
fi

{
  cat "$W/gpu.txt" "$W/steps.txt"
  for f in check-lab7-solution check-lab7-advanced check-lab8-solution check-lab8-advanced; do
    echo "== $f"; tail -3 "$W/$f.log"
  done
  echo "== gpumode"; cat "$W/gpumode.log"
  echo "== frameworks"; cat "$W/frameworks.log"
  echo "== chain"; cat "$W/chain.log"
  echo "== bench"; cat "$W/bench/summary.md" 2>/dev/null
} >"$OUT/summary.txt" 2>&1
tar czf "$OUT/perf.tgz" -C "$OUT" perf
