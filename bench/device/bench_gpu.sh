#!/usr/bin/env bash
# GPU benchmark run (device machine): every lab's solution, lab 8's advanced reference and its
# look-back variants, the student files, against cudaMemcpy, a float4 copy, CUB and thrust.
#
# Build first (the lead's combined script):
#   cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF
#   ninja -C build-gpu scanlab-bench
# Then:   bash bench/device/bench_gpu.sh build-gpu
# Writes $OUT/bench/: gpu.txt, bench.json + bench.txt (solutions, advanced, variants, baselines;
# bench-retryN.json if a kernel hung),
# students.json + students.txt (the labs/ student files, in their own process: a hanging student
# kernel cannot take the main results with it), plots/*.svg|png, summary.md, and logs.
# Wall-time budget: 170 s in all; every step is under `timeout` and the script never stops early.
set -uo pipefail
BUILD=${1:-build-gpu}
OUT=${OUT:-/tmp/scanlab-out}
DIR="$OUT/bench"
mkdir -p "$DIR"
BENCH="$BUILD/bin/scanlab-bench"
STEP_DIR="$DIR"
source "$(dirname "$0")/steps.sh"  # step NAME SECONDS command...: time limit, log, never abort

: >"$DIR/steps.txt"
: >"$DIR/bench.txt"
nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.max.sm,clocks.mem,memory.total \
  --format=csv >"$DIR/gpu.txt" 2>&1 || echo "nvidia-smi failed" >>"$DIR/gpu.txt"

if [ ! -x "$BENCH" ]; then
  echo "missing $BENCH (build it: ninja -C $BUILD scanlab-bench)" | tee "$DIR/summary.md"
  exit 1
fi

# 1. The main run, every power of two from 2^10 to 2^30 (about 20-40 s expected), the sizes the
#    targets name first: the JSON is rewritten after every size, so a run cut short keeps them. A kernel
#    that hangs (more than 15 s for one call) ends the run with "HANG <name>"; the run is then
#    repeated without it, into bench-retryN.json (the plots and the summary merge the files).
step list 20 "$BENCH" --list
SKIP=""
JSONS=()
for attempt in 1 2 3; do
  left=$(( 110 - $(elapsed) ))
  [ "$left" -gt 20 ] || break
  json="$DIR/bench.json"
  [ "$attempt" -eq 1 ] || json="$DIR/bench-retry$attempt.json"
  step "main$attempt" "$left" "$BENCH" --only solution,advanced,variant ${SKIP:+--skip "$SKIP"} \
    --log2 28 30 10 16 20 24 12 14 18 22 26 29 27 25 23 21 19 17 15 13 11 \
    --min-reps 15 --max-reps 400 --min-time 0.01 --hang-seconds 15 --json "$json"
  cat "$DIR/main$attempt.log" >>"$DIR/bench.txt"
  [ -s "$json" ] && JSONS+=("$json")
  hung=$(grep -o 'HANG [^ ]*' "$DIR/main$attempt.log" | awk '{print $2}' | head -1)
  [ -n "$hung" ] || break
  SKIP="${SKIP:+$SKIP,}$hung"
done

# 2. The student files (the stubs are expected to be WRONG: wrong outputs are reported, not timed).
left=$(( 125 - $(elapsed) ))
if [ "$left" -gt 5 ]; then
  [ "$left" -lt 20 ] || left=20
  step students "$left" "$BENCH" --only student --log2 10 16 20 24 28 --min-reps 10 --max-reps 200 \
    --min-time 0.005 --hang-seconds 5 --json "$DIR/students.json"
  cp "$DIR/students.log" "$DIR/students.txt"
fi

# 3. Plots and summary (matplotlib: a few seconds, more if it must build its font cache first).
if [ "${#JSONS[@]}" -gt 0 ]; then
  step plots 30 python3 bench/plot_bench.py "${JSONS[@]}" --out "$DIR/plots" --variants
  timeout 5 python3 bench/summarize_bench.py "${JSONS[@]}" "$DIR/students.json" >"$DIR/summary.md" 2>"$DIR/summary.log" ||
    echo "summary failed: $(tail -3 "$DIR/summary.log")" >>"$DIR/summary.md"
  [ -z "$SKIP" ] || echo "Hung (left out of later runs): $SKIP" >>"$DIR/summary.md"
else
  echo "no benchmark JSON: see $DIR/main1.log" >"$DIR/summary.md"
  tail -20 "$DIR/main1.log" >>"$DIR/summary.md" 2>/dev/null
fi

echo "---- bench_gpu.sh done in $(elapsed) s ----"
cat "$DIR/steps.txt"
sed -n '1,40p' "$DIR/summary.md"
