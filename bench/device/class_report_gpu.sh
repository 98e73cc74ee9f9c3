#!/usr/bin/env bash
# On the GPU machine, in one call: (1) the conformance recordings of the managed-memory programs
# (memory/malloc_managed, memory/managed_hints: tests/conformance/record_gpu.sh), (2) a small class
# graded on the GPU backend (speeds against the reference and a copy, which the class report's
# performance part reads), brought back as gpu-class.tgz for `scanlab report` here:
#   run: bash bench/device/class_report_gpu.sh         (writes $OUT/*.out, $OUT/gpu-class.tgz, $OUT/*.log)
#   here: tar xzf gpu-class.tgz -C /tmp && build/bin/scanlab-report /tmp/gpu-class/out --batch /tmp/gpu-class/class
# Every step is under `timeout -k`; the script goes on after a failed step.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$OUT/gpu.log" 2>&1

# 1. Conformance recordings.
rec=/tmp/conformance-record
rm -rf "$rec"
OUT=$rec timeout -k 5 300 tests/conformance/record_gpu.sh programs/memory/malloc_managed.cu \
  programs/memory/managed_hints.cu >"$OUT/record.log" 2>&1
cp "$rec"/expected/memory/*.out "$OUT/" 2>>"$OUT/record.log"
cp "$rec/expected/RECORD.md" "$OUT/RECORD.md" 2>>"$OUT/record.log"

# 2. The GPU grader (no CPU backend: the machine has no Boost.Context), and a class of six.
timeout -k 5 400 bash -c 'cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_TESTS=OFF &&
  ninja -C build-gpu scanlab scanlab-runner-gpu' >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
work=/tmp/gpu-class
rm -rf "$work" && mkdir -p "$work/class"
# The grader's known-wrong submissions as graded (patches of the references applied).
cmake -DOUT_DIR="$work/known-wrong" -P tests/grader/generate_submissions.cmake >/dev/null || exit 1
give() {  # student lab file
  mkdir -p "$work/class/$1/$2" && cp "$3" "$work/class/$1/$2/scan.cu"
}
give taught lab1-naive solutions/lab1-naive/scan.cu
give taught lab2-kogge-stone solutions/lab2-kogge-stone/scan.cu
give taught lab3-double-buffer solutions/lab3-double-buffer/scan.cu
give taught lab8-single-pass solutions/lab8-single-pass/scan.cu
give warps lab2-kogge-stone solutions/lab2-kogge-stone/warp_shuffle.cu
give warps lab3-double-buffer solutions/lab3-double-buffer/warp_steps.cu
# Lab 8's advanced reference is decoupled_lookback.cu and its headers: the grader takes one file.
bash solutions/lab8-single-pass/decoupled_lookback/flatten.sh >"$work/decoupled_lookback.cu" || exit 1
give warps lab8-single-pass "$work/decoupled_lookback.cu"
give copier lab8-single-pass "$work/decoupled_lookback.cu"
give racer lab2-kogge-stone "$work/known-wrong/race/lab2-kogge-stone/scan.cu"
give naive lab1-naive solutions/lab1-naive/scan.cu
give naive lab8-single-pass "$work/known-wrong/hang_blocks_out_of_order/lab8-single-pass/scan.cu"
give stub lab3-double-buffer labs/lab3-double-buffer/scan.cu
timeout -k 10 420 build-gpu/bin/scanlab grade --batch "$work/class" --out "$work/out" --backend gpu --no-jail \
  --jobs 8 --seed 7 --rubric bench/device/grader_gpu_rubric.json --lab 1 --lab 2 --lab 3 --lab 8 \
  --no-class-report >"$OUT/grade.log" 2>&1
echo "grade exit $?" >>"$OUT/grade.log"
tar czf "$OUT/gpu-class.tgz" -C /tmp gpu-class
