#!/usr/bin/env bash
# Look-back rounds 4 and 5 (device machine): the look-ahead (lb-ahead-*) and block-wide look-back
# (lb-wide-*) staged variants (research/lookback/NOTES.md) against the round-3 winner, the advanced reference, memcpy, a float4 copy and CUB. Builds only
# what it needs, checks every new variant with lab 8's GPU check first, then benchmarks.
#
#   bash research/lookback/device/lookback_round4.sh            (repository root; $OUT set by the device tool)
# Writes $OUT/round4/: build.log, check.log, bench.json, bench.txt, summary.md, steps.txt.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
BUILD=${BUILD:-build-gpu}
DIR="$OUT/round4"
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
step configure 120 cmake -S . -B "$BUILD" -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_RESEARCH=ON
step build 300 ninja -C "$BUILD" -j 16 scanlab-bench lab8-single-pass-check-lookback-gpu lab8-single-pass-check-advanced-gpu
PATTERN=${SCANLAB_ROUND_PATTERN:-^lb-(ahead|wide)}
VARIANTS=${SCANLAB_ROUND_VARIANTS:-$("$BUILD/bin/scanlab-bench" --list | awk -v p="$PATTERN" '$2=="variant" && $1 ~ p {print $1}')}
: >"$DIR/check.log"
for v in $VARIANTS; do
  SCANLAB_LOOKBACK_VARIANT=$v timeout 60 "$BUILD/bin/lab8-single-pass-check-lookback-gpu" --quiet >>"$DIR/check.log" 2>&1
  echo "== $v: exit $?" | tee -a "$DIR/check.log"
done
timeout 60 "$BUILD/bin/lab8-single-pass-check-advanced-gpu" --quiet >>"$DIR/check.log" 2>&1
echo "== advanced: exit $?" | tee -a "$DIR/check.log"
ONLY=memcpy,copy-float4,cub,advanced,lb-stage-256x32,$(echo $VARIANTS | tr ' ' ',')
step bench 240 "$BUILD/bin/scanlab-bench" --only "$ONLY" --log2 10 12 14 16 18 20 22 24 26 28 29 30 \
  --min-reps 30 --max-reps 400 --min-time 0.02 --hang-seconds 15 --json "$DIR/bench.json"
cp "$DIR/bench.log" "$DIR/bench.txt"
python3 bench/summarize_bench.py "$DIR/bench.json" >"$DIR/summary.md" 2>"$DIR/summary.err"
cat "$DIR/steps.txt"; head -30 "$DIR/summary.md"
