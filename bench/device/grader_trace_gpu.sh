#!/usr/bin/env bash
# Where a GPU grading's time goes (issue 15, part 6): start-up costs of the pieces a grading runs
# many times (a runner's CUDA context, compute-sanitizer, nvcc), then one submission and a batch
# graded with SCANLAB_GRADER_TRACE on, the traces summed by step (bench/device/trace_summary.py).
# Needs the carried grader (bench/device/grader_hangs_carry.sh, folder renamed build-carry).
#   bash bench/device/grader_trace_gpu.sh [BATCH=4] [JOBS=16] [MORE_JOBS]
# SKIP_SINGLE=1 leaves out the single-submission runs; MORE_JOBS grades the batch a second time with
# that many workers (does the GPU machine's grading scale past one worker per core?).
# Writes $OUT/trace.tar.gz (startup.txt, traces, summaries, grade logs).
set -uo pipefail
BATCH=${1:-4}
JOBS=${2:-16}
MORE_JOBS=${3:-}
OUT=${OUT:-/tmp/scanlab-out}
D=/tmp/scanlab-trace
rm -rf "$D"
mkdir -p "$D" "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
export LD_LIBRARY_PATH="$PWD/build-carry/lib:${LD_LIBRARY_PATH:-}"
bash bench/device/point_carry_here.sh build-carry
BIN=build-carry/bin
export SCANLAB_GPU_LOCK_DIR="$D"
{
  nvidia-smi --query-gpu=name,driver_version,persistence_mode,compute_mode --format=csv
  nproc
  for k in 1 2 3; do /usr/bin/time -f "runner --probe: %e s wall %U user %S sys" timeout -k 5 60 $BIN/scanlab-runner-gpu --probe >/dev/null; done
  # A second process holding a context: is a fresh one cheaper while the driver stays initialised?
  (timeout -k 5 60 python3 -c "import cupy, time; cupy.zeros(1); time.sleep(20)" &) ; sleep 8
  for k in 1 2 3; do /usr/bin/time -f "runner --probe, another context held: %e s wall %U user %S sys" timeout -k 5 60 $BIN/scanlab-runner-gpu --probe >/dev/null; done
  for tool in memcheck racecheck synccheck; do
    /usr/bin/time -f "compute-sanitizer $tool runner --probe: %e s wall %U user %S sys" timeout -k 5 120 compute-sanitizer --tool $tool $BIN/scanlab-runner-gpu --probe >/dev/null
  done
  mkdir -p "$D/nvcc"; cp solutions/lab4-brent-kung/scan.cu labs/lab4-brent-kung/lab.h "$D/nvcc/"
  /usr/bin/time -f "nvcc one lab: %e s wall %U user %S sys" nvcc -O3 -std=c++17 -lineinfo -shared -cudart shared -Xcompiler -fPIC \
    -DSCANLAB_BACKEND_GPU=1 -Icommon/include --generate-code=arch=compute_90,code=sm_90 "$D/nvcc/scan.cu" -o "$D/nvcc/scan.so"
} >"$D/startup.txt" 2>&1
mkdir -p "$D/one/s1" "$D/batch"
cp -r solutions/lab* "$D/one/s1/"
for k in $(seq 1 "$BATCH"); do mkdir -p "$D/batch/s$k"; cp -r solutions/lab* "$D/batch/s$k/"; done
export SCANLAB_CACHE_DIR=/tmp/scanlab-trace-cache
rm -rf "$SCANLAB_CACHE_DIR"
df -h /tmp /dev/shm >>"$D/startup.txt" 2>&1
for run in $([ -n "${SKIP_SINGLE:-}" ] || echo one-cold one-warm); do
  S=$(date +%s.%N)
  SCANLAB_GRADER_TRACE="$D/$run.trace" timeout -k 5 280 $BIN/scanlab grade --batch "$D/one" --out "$D/$run-results" \
    --backend gpu --jobs "$JOBS" --seed 7 >"$D/$run.log" 2>&1
  echo "$run: rc $? wall $(python3 -c "print(round($(date +%s.%N)-$S,1))") s" >>"$D/startup.txt"
done
S=$(date +%s.%N)
SCANLAB_GRADER_TRACE="$D/batch.trace" timeout -k 5 330 $BIN/scanlab grade --batch "$D/batch" --out "$D/batch-results" \
  --backend gpu --jobs "$JOBS" --seed 7 >"$D/batch.log" 2>&1
echo "batch of $BATCH, --jobs $JOBS: rc $? wall $(python3 -c "print(round($(date +%s.%N)-$S,1))") s" >>"$D/startup.txt"
if [ -n "$MORE_JOBS" ]; then
  rm -rf "$SCANLAB_CACHE_DIR"  # cold again, as the first batch was when SKIP_SINGLE is set
  S=$(date +%s.%N)
  SCANLAB_GRADER_TRACE="$D/batch-more.trace" timeout -k 5 330 $BIN/scanlab grade --batch "$D/batch" --out "$D/batch-more-results" \
    --backend gpu --jobs "$MORE_JOBS" --seed 7 >"$D/batch-more.log" 2>&1
  echo "batch of $BATCH, --jobs $MORE_JOBS: rc $? wall $(python3 -c "print(round($(date +%s.%N)-$S,1))") s" >>"$D/startup.txt"
fi
for t in "$D"/*.trace; do python3 bench/device/trace_summary.py "$t" >"${t%.trace}.summary.txt"; done
cat "$D/startup.txt" "$D"/*.summary.txt
(cd "$D" && tar -czf "$OUT/trace.tar.gz" startup.txt *.trace *.summary.txt *.log */summary.csv)
