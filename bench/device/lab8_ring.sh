#!/usr/bin/env bash
# Lab 8's ring kernel (2026-11-25), in one device run:
#   1. the advanced reference's GPU check: the lab's cases and sizes in and around the register and
#      ring kernels' ranges (the ring from 2^22 since round 31; past 2^30 a second launch carries
#      in), compute-sanitizer memcheck and synccheck at a size of each;
#   2. the conformance programs for cuda::barrier, recorded on the GPU (expected/ for the CPU backend);
#   3. research/smalln/cluster_round.sh: back to back at 2^26..2^30 and isolated calls at
#      2^20..2^22, round robin: the reference before (the staged kernel, a file), now (the ring) and
#      round 27's research kernel (a file).
#
#   bash solutions/lab8-single-pass/decoupled_lookback/flatten.sh <commit before> > research/smalln/staged_v.cu
#   python3 research/smalln/variant_edits.py research/smalln/staged_v.cu \
#     pc+PC_REDUCE_WARPS=4+PC_PREFETCH_AHEAD=64+PC_PREFETCH_KIND=2 > research/smalln/pc_v.cu
#   device run, carry ["research/smalln/staged_v.cu", "research/smalln/pc_v.cu"]:
#     timeout -k 10 580 bash bench/device/lab8_ring.sh
#
# Writes $OUT/checks.txt, $OUT/conformance/ and $OUT/cluster_round.tar.gz.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

{
  [ -f build-gpu/build.ninja ] ||
    timeout -k 5 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON >/dev/null
  timeout -k 5 150 ninja -C build-gpu lab8-single-pass-check-advanced-gpu >/dev/null; echo "build exit $?"
  check=build-gpu/bin/lab8-single-pass-check-advanced-gpu
  for n in "" "--n 1" "--n 4097" "--n 2097151" "--n 2097152" "--n 2097153" "--n 2105345" "--n 3000001" \
           "--n 4194303" "--n 4194304" "--n 4194305" "--n 4202497" \
           "--n 16777216" "--n 16785409" "--n 268435456" "--n 1073741824" "--n 1073741830"; do
    label=${n:-"the lab cases"}
    echo "check $label: $(timeout -k 5 120 $check --quiet --color never $n 2>&1 | tail -1)"
  done
  for tool in memcheck synccheck; do
    for n in 2105345 4202497; do  # the register kernel's look-back in batches; the ring kernel
      echo "compute-sanitizer $tool at n = $n: $(timeout -k 5 120 compute-sanitizer --tool $tool \
        $check --quiet --color never --n $n 2>&1 | grep -E "ERROR SUMMARY|cases passed" | tr '\n' ' ')"
    done
  done
} >"$OUT/checks.txt" 2>&1
cat "$OUT/checks.txt"

OUT=$OUT/conformance timeout -k 5 120 bash tests/conformance/record_gpu.sh \
  programs/libcudacxx/barrier_ring_bulk_copy.cu programs/libcudacxx/barrier_arrive_wait.cu >/dev/null 2>&1
echo "conformance exit $?"
cat "$OUT"/conformance/expected/libcudacxx/*.out

CLUSTER_VARIANTS=${CLUSTER_VARIANTS:-"file:research/smalln/staged_v.cu as-is"} CLUSTER_LOG2=${CLUSTER_LOG2:-"20 21 22"} \
  STREAM_VARIANTS=${STREAM_VARIANTS:-"file:research/smalln/staged_v.cu as-is file:research/smalln/pc_v.cu"} \
  OUT=$OUT timeout -k 10 330 bash research/smalln/cluster_round.sh
