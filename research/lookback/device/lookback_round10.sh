#!/usr/bin/env bash
# Look-back round 10 (device machine): the staged tile moved by the bulk-copy engine (lb-bulk-*,
# research/lookback/NOTES.md) against the staged round-3 winner, the advanced reference, memcpy, a float4 copy
# and CUB. Builds only what it needs; lab 8's GPU check of every new variant runs first, all at once
# (each is mostly host work), and a variant that fails it is left out of the benchmark.
#
#   bash research/lookback/device/lookback_round10.sh        (repository root; $OUT set by the device tool)
# Writes $OUT/round10/ (SCANLAB_ROUND_NAME): steps.txt, build.log, check-<variant>.log, bench.json, bench.txt, summary.md.
# SCANLAB_ROUND_PATTERN picks other variants (default '^lb-bulk'); SCANLAB_ROUND_LOG2 the sizes;
# SCANLAB_ROUND_LATENCY the largest log2 n with isolated-call latency too (default 0: none).
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
BUILD=${BUILD:-build-gpu}
DIR="$OUT/${SCANLAB_ROUND_NAME:-round10}"
mkdir -p "$DIR"
export PATH=/usr/local/cuda/bin:$PATH
START=$(date +%s)
step() {  # step NAME SECONDS command...
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout --kill-after=5 "$limit" "$@" >"$DIR/$name.log" 2>&1
  printf '%-10s exit %3s  %4ss  (t=%ss)\n' "$name" "$?" "$(( $(date +%s) - t0 ))" "$(( $(date +%s) - START ))" \
    | tee -a "$DIR/steps.txt"
}
: >"$DIR/steps.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv >"$DIR/gpu.txt" 2>&1
step configure 120 cmake -S . -B "$BUILD" -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_RESEARCH=ON
step build 300 ninja -C "$BUILD" -j 16 scanlab-bench lab8-single-pass-check-lookback-gpu lab8-single-pass-check-advanced-gpu
PATTERN=${SCANLAB_ROUND_PATTERN:-^lb-bulk}
VARIANTS=$("$BUILD/bin/scanlab-bench" --list | awk -v p="$PATTERN" '$2=="variant" && $1 ~ p && $1 !~ /^diag-/ {print $1}')
# Diagnostics (diag-*) are not scans: lab 8's check does not apply; the benchmark checks them per tile.
DIAGNOSTICS=$("$BUILD/bin/scanlab-bench" --list | awk -v p="$PATTERN" '$2=="variant" && $1 ~ p && $1 ~ /^diag-/ {printf ",%s", $1}')
t0=$(date +%s)
for v in $VARIANTS; do
  ( SCANLAB_LOOKBACK_VARIANT=$v timeout 150 "$BUILD/bin/lab8-single-pass-check-lookback-gpu" --quiet \
      >"$DIR/check-$v.log" 2>&1; echo "$?" >"$DIR/check-$v.rc" ) &
done
# Lab 8's advanced reference too (it may have taken a winner over by hand).
( timeout 150 "$BUILD/bin/lab8-single-pass-check-advanced-gpu" --quiet >"$DIR/check-advanced.log" 2>&1
  echo "check advanced: exit $?, $(tail -1 "$DIR/check-advanced.log")" >>"$DIR/steps.txt" ) &
wait
PASSED=""
for v in $VARIANTS; do
  rc=$(cat "$DIR/check-$v.rc")
  echo "check $v: exit $rc, $(tail -1 "$DIR/check-$v.log")" | tee -a "$DIR/steps.txt"
  [[ $rc == 0 ]] && PASSED="$PASSED,$v"
done
echo "checks: $(( $(date +%s) - t0 ))s (t=$(( $(date +%s) - START ))s)" | tee -a "$DIR/steps.txt"
LOG2=${SCANLAB_ROUND_LOG2:-16 20 24 26 28 30}
step bench 300 "$BUILD/bin/scanlab-bench" --only "memcpy,copy-float4,cub,advanced,lb-stage-256x32$PASSED$DIAGNOSTICS" \
  --log2 $LOG2 --min-reps 30 --max-reps 300 --min-time 0.05 --latency-max-log2 "${SCANLAB_ROUND_LATENCY:-0}" \
  --hang-seconds 15 \
  --json "$DIR/bench.json"
cp "$DIR/bench.log" "$DIR/bench.txt"
python3 bench/summarize_bench.py "$DIR/bench.json" >"$DIR/summary.md" 2>"$DIR/summary.err"
cat "$DIR/steps.txt"; head -20 "$DIR/summary.md"
