#!/usr/bin/env bash
# Autograder throughput on one GPU with the default rubric (grader/rubric.json), builds included:
# grades N copies of solutions/ as one batch with --backend gpu and prints full eight-lab
# submissions per hour (issue 15, part 6: target 300 per hour on one H100).
#
# The grader compiles each distinct file once (object cache, a fresh one here so that the
# reference solutions and every build are paid inside the measured time), builds and runs labs on
# --jobs workers at once, and times each lab alone: the performance run holds the GPU's lock
# exclusively, every other GPU run holds it shared (grader/src/run/gpu_lock.h).
#
# Binaries, either:
#   - carried (the GPU machine has no Boost.Context, so the CPU backend's detectors, default
#     rubric key cpu_detectors, come from binaries built elsewhere): build-carry/ laid out as
#     bench/device/grader_hangs_carry.sh makes it (its build-carry-hangs/, renamed), pointed at this
#     machine's paths by point_carry_here.sh; used when build-carry/bin/scanlab exists;
#   - or a GPU-only build made here when none exists (no CPU-backend detectors then):
#       cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF && ninja -C build-gpu scanlab scanlab-runner-gpu
#
#   bash bench/device/grader_throughput_gpu.sh [N=8] [JOBS=16]
# Writes $OUT/throughput/: subs/ (the copies), results/ (<copy>.json, summary.csv), grade.log,
# summary.md. Every GPU program runs under timeout.
set -uo pipefail
N=${1:-8}
JOBS=${2:-16}
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/throughput"
rm -rf "$D"
mkdir -p "$D/subs"
export PATH=/usr/local/cuda/bin:$PATH
if [ -x build-carry/bin/scanlab ]; then
  BIN=build-carry/bin
  export LD_LIBRARY_PATH="$PWD/build-carry/lib:${LD_LIBRARY_PATH:-}"  # libfmt, when carried
  bash bench/device/point_carry_here.sh build-carry  # this machine's paths (bin_dir, rewriter, ...)
  KIND="carried build (GPU and CPU-backend detectors)"
else
  if [ ! -x build-gpu/bin/scanlab ]; then
    (cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF >"$D/configure.log" 2>&1 &&
      ninja -C build-gpu scanlab scanlab-runner-gpu >"$D/build.log" 2>&1) || { echo "build failed: $D/build.log"; exit 1; }
  fi
  BIN=build-gpu/bin
  KIND="GPU-only build (no CPU-backend detectors)"
fi
for k in $(seq 1 "$N"); do
  mkdir -p "$D/subs/s$k"
  cp -r solutions/lab* "$D/subs/s$k/"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$D/gpu.txt" 2>&1 || echo "nvidia-smi failed" >"$D/gpu.txt"
export SCANLAB_CACHE_DIR=/tmp/scanlab-throughput-cache   # cold: every build inside the measured time
rm -rf "$SCANLAB_CACHE_DIR"                               # (outside $OUT: precompiled headers are 50 MB)
export SCANLAB_GPU_LOCK_DIR="$D"        # this run's own lock files
S=$(date +%s.%N)
timeout -k 5 560 "$BIN/scanlab" grade --batch "$D/subs" --out "$D/results" --backend gpu --jobs "$JOBS" --seed 7 \
  >"$D/grade.log" 2>&1
RC=$?
E=$(date +%s.%N)
python3 - "$D" "$N" "$S" "$E" "$RC" "$KIND" "$JOBS" <<'PY' | tee "$D/summary.md"
import csv, os, sys
d, n, s, e, rc, kind, jobs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
wall = e - s
print(f"# Grader throughput on {open(os.path.join(d, 'gpu.txt')).read().strip()}")
print(f"\n{kind}; default rubric; --jobs {jobs}; {n} copies of solutions/; exit {rc}; wall {wall:.1f} s")
rows = []
p = os.path.join(d, "results", "summary.csv")
if os.path.exists(p):
    rows = list(csv.DictReader(open(p)))
done = len(rows)
print(f"\ngraded: {done} of {n}; scores: {sorted(set(r['score'] + '/' + r['max_score'] for r in rows))}")
if rows:
    print("per-submission seconds (from its first lab's start to its last lab's end): " +
          ", ".join(r.get("seconds", "?") for r in rows))
print(f"\n**{3600 * done / wall:.0f} full eight-lab submissions per hour** (target: 300 on one H100)")
PY
