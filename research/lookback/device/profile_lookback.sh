#!/usr/bin/env bash
# Nsight Compute profile (device machine) of lab 8's look-back kernels next to lab 6's coarsened
# scan, which streams at the copy's speed: where do the look-back kernels' warps wait?
#
#   bash research/lookback/device/profile_lookback.sh            (repository root; $OUT set by the device tool)
# Writes $OUT/profile/: <impl>-details.txt (speed of light, memory, warp states, occupancy),
# <impl>-source.csv.gz (per-SASS-line stall samples), steps.txt.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
BUILD=${BUILD:-build-gpu}
DIR="$OUT/profile"
mkdir -p "$DIR"
export PATH=/usr/local/cuda/bin:$PATH
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -f "$BUILD/build.ninja" ] || timeout 120 cmake -S . -B "$BUILD" -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_RESEARCH=ON >"$DIR/configure.log" 2>&1
timeout 300 ninja -C "$BUILD" -j 16 scanlab-bench >"$DIR/build.log" 2>&1 || tail -20 "$DIR/build.log"
LOG2=${SCANLAB_PROFILE_LOG2:-26}
for spec in ${SCANLAB_PROFILE_IMPLS:-advanced:staged_scan lab6-solution:coarsened lb-ahead-256x32:ahead_kernel}; do
  impl=${spec%%:*}; kernel=${spec#*:}
  t0=$(date +%s)
  timeout 150 "$NCU" --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
    --section SchedulerStats --section Occupancy --section LaunchStats --section SourceCounters \
    -k "regex:$kernel" --launch-skip 1 --launch-count 1 -f -o "$DIR/$impl" \
    "$BUILD/bin/scanlab-bench" --only "$impl" --log2 "$LOG2" --min-reps 1 --max-reps 2 --min-time 0 --warmup 1 \
    >"$DIR/$impl-ncu.log" 2>&1
  echo "$impl: ncu exit $? in $(( $(date +%s) - t0 )) s" | tee -a "$DIR/steps.txt"
  "$NCU" --import "$DIR/$impl.ncu-rep" --page details >"$DIR/$impl-details.txt" 2>&1
  "$NCU" --import "$DIR/$impl.ncu-rep" --page source --csv --print-source sass 2>/dev/null | gzip >"$DIR/$impl-source.csv.gz"
  rm -f "$DIR/$impl.ncu-rep"
done
cat "$DIR/steps.txt"
for f in "$DIR"/*-details.txt; do
  echo "== $f"; grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Stall|Registers Per|Block Limit" "$f" | head -30
done
