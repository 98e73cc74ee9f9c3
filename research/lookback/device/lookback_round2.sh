#!/usr/bin/env bash
# Look-back round 2 (device machine): the speculative-load variants (lb-spec-*, research/lookback/NOTES.md)
# against the best earlier shape, the advanced reference, memcpy, a float4 copy and CUB, at small n
# (2^10..2^16, the launch-bound regime) and large n (2^20..2^30). Also grades the known-wrong
# submissions of tests/grader/submissions on the GPU (the step that ran out of time before).
#
#   cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_RESEARCH=ON && ninja -C build-gpu
#   bash research/lookback/device/lookback_round2.sh build-gpu
# Writes $OUT/round2/: bench.json, bench.txt, summary.md, submissions/ (+ summary.csv), logs.
set -uo pipefail
BUILD=${1:-build-gpu}
OUT=${OUT:-/tmp/scanlab-out}
DIR="$OUT/round2"
mkdir -p "$DIR/submissions"
START=$(date +%s)
export PATH="$PATH:/usr/local/cuda/bin"
step() {  # step NAME SECONDS command...
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout --kill-after=5 "$limit" "$@" >"$DIR/$name.log" 2>&1
  printf '%-12s exit %3s  %4ss  (t=%ss)\n' "$name" "$?" "$(( $(date +%s) - t0 ))" "$(( $(date +%s) - START ))" \
    | tee -a "$DIR/steps.txt"
}
: >"$DIR/steps.txt"
ONLY=${SCANLAB_ROUND_ONLY:-memcpy,copy-float4,cub,advanced,lb-early-128x64,lb-early-cs-128x32,lb-spec-128x32,lb-spec-128x64,lb-spec-cs-128x64,lb-spec-256x32}
step bench 200 "$BUILD/bin/scanlab-bench" --only "$ONLY" --log2 10 11 12 13 14 15 16 18 20 22 24 26 28 29 30 \
  --min-reps 30 --max-reps 400 --min-time 0.02 --hang-seconds 15 --json "$DIR/bench.json"
cp "$DIR/bench.log" "$DIR/bench.txt"
python3 bench/summarize_bench.py "$DIR/bench.json" >"$DIR/summary.md" 2>"$DIR/summary.err"
# The known-wrong submissions as graded: generate_submissions.cmake applies those that are patches.
[ "${SCANLAB_SKIP_SUBMISSIONS:-0}" = 1 ] || cmake -DOUT_DIR="$DIR/known-wrong" -P tests/grader/generate_submissions.cmake >/dev/null
[ "${SCANLAB_SKIP_SUBMISSIONS:-0}" = 1 ] || step submissions 150 "$BUILD/bin/scanlab" grade --batch "$DIR/known-wrong" --out "$DIR/submissions" \
  --backend gpu --rubric tests/grader/rubric.json --jobs 8
cat "$DIR/steps.txt"; head -60 "$DIR/summary.md"
cat "$DIR/submissions/summary.csv" 2>/dev/null
