#!/usr/bin/env bash
# What a CUDA context costs the grader on a GPU machine: a runner process for one small case
# (context, module, two calls), alone, eight in a row and sixteen at once; the same under each
# compute-sanitizer tool, alone and eight at once, and with options that might make the tools
# start faster. Needs the carried grader in build-carry (bench/device/grader_hangs_carry.sh).
#   bash bench/device/context_cost_gpu.sh        writes $OUT/context.tar.gz
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
D=/tmp/scanlab-context
rm -rf "$D"; mkdir -p "$D" "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
export LD_LIBRARY_PATH="$PWD/build-carry/lib:${LD_LIBRARY_PATH:-}"
export SCANLAB_GPU_LOCK_DIR="$D"
R=build-carry/bin/scanlab-runner-gpu
compute-sanitizer --help >"$D/sanitizer-help.txt" 2>&1
cp solutions/lab4-brent-kung/scan.cu labs/lab4-brent-kung/lab.h "$D/"
nvcc -O3 -std=c++17 -lineinfo -shared -cudart shared -Xcompiler -fPIC -DSCANLAB_BACKEND_GPU=1 -Icommon/include \
  --generate-code=arch=compute_90,code=sm_90 "$D/scan.cu" -o "$D/scan.so"
python3 -c "
import os, struct, random
random.seed(1)
open('$D/in', 'wb').write(struct.pack('2049f', *[float(random.randint(-8, 8)) for _ in range(2049)]))
open('$D/guard', 'wb').write(os.urandom(6 * 4096))"
one() {  # one case in a process of its own: $1 a tag, the rest a wrapper (compute-sanitizer ...)
  local tag=$1; shift
  timeout -k 5 120 "$@" $R --so "$D/scan.so" --n 2049 --input "$D/in" --guard "$D/guard" --output "$D/out.$tag" \
    --status "$D/st.$tag" --calls 2 >"$D/log.$tag" 2>&1
}
stamp() { python3 -c "import time; print(time.time())"; }
measure() {  # $1 label, $2 count, $3 parallel (1/0), rest: wrapper
  local label=$1 count=$2 par=$3; shift 3
  local s=$(stamp)
  for k in $(seq 1 "$count"); do
    if [ "$par" = 1 ]; then one "$label.$k" "$@" & else one "$label.$k" "$@"; fi
  done
  wait
  python3 -c "print(f'{\"$label\":44s} {$count:3d} runs {\"at once\" if $par else \"in a row\":8s} {$(stamp)-$s:7.2f} s')"
}
{
  nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader
  measure plain 1 0
  measure plain 8 0
  measure plain 16 1
  for tool in memcheck racecheck synccheck; do
    measure "$tool" 1 0 compute-sanitizer --tool $tool --error-exitcode 1
    measure "$tool" 8 1 compute-sanitizer --tool $tool --error-exitcode 1
  done
  measure "memcheck --check-device-heap no" 1 0 compute-sanitizer --tool memcheck --check-device-heap no --error-exitcode 1
  measure "memcheck --leak-check no --padding 0" 1 0 compute-sanitizer --tool memcheck --leak-check no --padding 0 --error-exitcode 1
  measure "racecheck --racecheck-memcpy-async no" 1 0 compute-sanitizer --tool racecheck --racecheck-memcpy-async no --error-exitcode 1
  measure "memcheck, CUDA_MODULE_LOADING=EAGER" 1 0 env CUDA_MODULE_LOADING=EAGER compute-sanitizer --tool memcheck --error-exitcode 1
  grep -h "ERROR SUMMARY" "$D"/log.* | sort | uniq -c
  grep -h "cuda" "$D"/st.plain.1
} >"$D/context.txt" 2>&1
cat "$D/context.txt"
(cd "$D" && tar -czf "$OUT/context.tar.gz" context.txt sanitizer-help.txt log.memcheck.1 log.racecheck.1)
