#!/usr/bin/env bash
# Is a GPU grading batch bound by the CPU, the GPU or waiting? Grades BATCH copies of solutions/
# with the trace on while sampling the machine: vmstat (CPU busy/idle/iowait), nvidia-smi (GPU
# utilisation), the grader's total CPU seconds (/usr/bin/time counts every reaped child) and the
# CPU seconds by program (bench/device/cpu_by_program.py).
# Needs the carried grader in build-carry (bench/device/grader_hangs_carry.sh, folder renamed).
#   bash bench/device/grader_profile_gpu.sh [BATCH=8] [JOBS=16]
# Extra environment for the grading goes through GRADE_ENV ("A=1 B=2").
# Writes $OUT/profile.tar.gz.
set -uo pipefail
BATCH=${1:-8}
JOBS=${2:-16}
OUT=${OUT:-/tmp/scanlab-out}
D=/tmp/scanlab-profile
rm -rf "$D"; mkdir -p "$D/batch" "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
export LD_LIBRARY_PATH="$PWD/build-carry/lib:${LD_LIBRARY_PATH:-}"
bash bench/device/point_carry_here.sh build-carry
export SCANLAB_GPU_LOCK_DIR="$D"
export SCANLAB_CACHE_DIR=/tmp/scanlab-profile-cache
rm -rf "$SCANLAB_CACHE_DIR"
for k in $(seq 1 "$BATCH"); do mkdir -p "$D/batch/s$k"; cp -r solutions/lab* "$D/batch/s$k/"; done
vmstat -n 1 >"$D/vmstat.txt" 2>&1 &
VM=$!
nvidia-smi dmon -s u -d 1 >"$D/dmon.txt" 2>&1 &
DM=$!
S=$(date +%s.%N)
env ${GRADE_ENV:-} SCANLAB_GRADER_TRACE="$D/batch.trace" python3 bench/device/cpu_by_program.py "$D/by_program.txt" -- /usr/bin/time -f "grader tree: %e s wall %U s user %S s sys" \
  timeout -k 5 500 build-carry/bin/scanlab grade --batch "$D/batch" --out "$D/results" --backend gpu --jobs "$JOBS" \
  --seed 7 >"$D/batch.log" 2>"$D/time.txt"
rc=$?
W=$(python3 -c "print(round($(date +%s.%N)-$S,1))")
kill $VM $DM 2>/dev/null
{
  echo "batch of $BATCH, --jobs $JOBS, env '${GRADE_ENV:-}': rc $rc wall $W s"
  tail -1 "$D/time.txt"
  nproc
  python3 bench/device/trace_summary.py "$D/batch.trace"
  # vmstat columns: us sy id wa (13-16); dmon: sm mem (4, 5)
  awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; k++} END {printf "vmstat mean: us %.0f sy %.0f id %.0f wa %.0f over %d s\n", us/k, sy/k, id/k, wa/k, k}' "$D/vmstat.txt"
  awk '$1 !~ /#/ {sm+=$2; mem+=$3; k++} END {printf "GPU mean: sm %.0f%% mem %.0f%% over %d s\n", sm/k, mem/k, k}' "$D/dmon.txt"
  cat "$D/by_program.txt"
  cut -d, -f1-4 "$D/results/summary.csv" | head -12
} >"$D/profile.txt" 2>&1
cat "$D/profile.txt"
(cd "$D" && tar -czf "$OUT/profile.tar.gz" profile.txt by_program.txt vmstat.txt dmon.txt batch.trace batch.log results/summary.csv)
