#!/usr/bin/env bash
# Labs 2-5's advanced references on the GPU, in one device run (bench/results/sections-round.md):
#
#   device run:  timeout -k 10 580 bash bench/device/sections_round.sh
#
# 1. builds the GPU benchmark and the GPU checks of labs 2-5 (taught and advanced references);
# 2. runs those checks (every case, up to the largest sizes);
# 3. research/sections/pointer_offsets.cu against each advanced reference (pointers one float
#    past a vector boundary: the scalar path);
# 4. research/sections/best_sections.cu: the fastest scan of each lab's shape, same session;
# 5. bench/device/bench_gpu.sh: every reference at every size (the notes' tables and plots).
# Everything lands in $OUT/sections.tgz and the logs' tails in $OUT/summary.txt. Each step has a
# time limit; the script never stops early.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
W="$OUT/sections"
mkdir -p "$W"
STEP_DIR="$W"
source "$(dirname "$0")/steps.sh"  # step NAME SECONDS command...: time limit, log, never abort
: >"$W/steps.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv >"$W/gpu.txt" 2>&1

LABS="lab2-kogge-stone lab3-double-buffer lab4-brent-kung lab5-exclusive"
targets="scanlab-bench"
for lab in $LABS; do targets="$targets $lab-check-solution-gpu $lab-check-advanced-gpu"; done
step configure 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON
step build 300 ninja -C build-gpu $targets
for lab in $LABS; do
  for variant in solution advanced; do
    step "check-${lab%%-*}-$variant" 90 "build-gpu/bin/$lab-check-$variant-gpu" --quiet --color never
  done
done
offsets() {  # lab, advanced file stem, exclusive
  nvcc -O3 -arch=sm_90 -I "labs/$1" -DEXCLUSIVE="$3" -o "build-gpu/offsets-$1" \
    research/sections/pointer_offsets.cu "solutions/$1/$2.cu" && timeout -k 5 30 "build-gpu/offsets-$1"
}
for spec in "lab2-kogge-stone warp_shuffle 0" "lab3-double-buffer warp_steps 0" \
            "lab4-brent-kung warp_brent_kung 0" "lab5-exclusive warp_shift 1"; do
  set -- $spec
  step "offsets-${1%%-*}" 90 bash -c "$(declare -f offsets); offsets $1 $2 $3"
done
step best-sections 120 bash -c "nvcc -O3 -arch=sm_90 -o build-gpu/best_sections research/sections/best_sections.cu \
  && build-gpu/best_sections"
# The labs' references at the large sizes, several runs, interleaved with the shape's best.
for round in 1 2; do
  step "labs-large-$round" 90 build-gpu/bin/scanlab-bench --only lab2-solution,lab2-advanced,lab3-solution,lab3-advanced,lab4-solution,lab4-advanced,lab5-solution,lab5-advanced \
    --log2 24 26 28 30 --min-reps 15 --max-reps 200 --json "$W/labs-large-$round.json"
  step "best-sections-$round" 60 build-gpu/best_sections
done
left=$(( 570 - $(elapsed) ))
if [ "$left" -gt 60 ]; then
  step bench "$left" env OUT="$W" bash bench/device/bench_gpu.sh build-gpu
fi

{
  cat "$W/gpu.txt" "$W/steps.txt"
  for f in "$W"/check-*.log "$W"/offsets-*.log; do echo "== $(basename "$f")"; tail -3 "$f"; done
  for f in best-sections best-sections-1 best-sections-2; do echo "== $f"; cat "$W/$f.log"; done
  for f in labs-large-1 labs-large-2; do echo "== $f"; grep -E "lab[2-5]-|copy|memcpy" "$W/$f.log" | head -60; done
  echo "== bench"; cat "$W/bench/summary.md" 2>/dev/null
} >"$OUT/summary.txt" 2>&1
tar czf "$OUT/sections.tgz" -C "$OUT" sections
