#!/usr/bin/env bash
# What one GPU correctness run costs and why (issue 15, part 6): the carried runner on a small and
# a large case, alone, 8 at once, and with another process holding a CUDA context meanwhile; each
# run's phases (context, module load, upload, calls, dump) from the runner's trace lines.
#   bash bench/device/runner_startup_gpu.sh        (after grader_hangs_carry.sh, folder build-carry)
# Writes $OUT/startup/ (phases.txt, summary.txt).
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
D=$OUT/startup
W=/tmp/scanlab-startup
rm -rf "$D" "$W"; mkdir -p "$D" "$W"
export PATH=/usr/local/cuda/bin:$PATH
R=build-carry/bin/scanlab-runner-gpu
cp solutions/lab4-brent-kung/scan.cu labs/lab4-brent-kung/lab.h "$W/"
nvcc -O3 -std=c++17 -lineinfo -shared -cudart shared -Xcompiler -fPIC -DSCANLAB_BACKEND_GPU=1 -Icommon/include \
  --generate-code=arch=compute_90,code=sm_90 "$W/scan.cu" -o "$W/scan.so" || exit 1
python3 - "$W" <<'PY'
import sys, numpy as np
w = sys.argv[1]
for n in (1000, 1 << 24):
    np.arange(n, dtype=np.float32).__mod__(7).tofile(f"{w}/in{n}.bin")
np.full(6 * 4096, 0x5a, dtype=np.uint8).tofile(f"{w}/guard.bin")
PY
one() {  # one run: n, tag
  SCANLAB_GRADER_TRACE="$D/phases.txt" timeout -k 5 60 $R --so "$W/scan.so" --n "$1" --input "$W/in$1.bin" \
    --guard "$W/guard.bin" --output "$W/out$2.bin" --status "$W/st$2.txt" --calls 2
}
stamp() { python3 -c "import time; print(time.time())"; }
{
  for n in 1000 16777216; do
    echo "== alone, n=$n" >>"$D/phases.txt"
    for k in 1 2 3; do S=$(stamp); one $n a; echo "alone n=$n: $(python3 -c "import time; print(round(time.time()-$S,3))") s"; done
  done
  echo "== 8 at once, n=1000" >>"$D/phases.txt"
  S=$(stamp); for k in $(seq 8); do one 1000 p$k & done; wait
  echo "8 at once n=1000: $(python3 -c "import time; print(round(time.time()-$S,3))") s"
  timeout -k 5 120 python3 -c "import cupy, time; cupy.zeros(1); time.sleep(60)" & HOLD=$!
  sleep 10
  echo "== held context, alone, n=1000" >>"$D/phases.txt"
  for k in 1 2 3; do S=$(stamp); one 1000 h; echo "held, alone n=1000: $(python3 -c "import time; print(round(time.time()-$S,3))") s"; done
  echo "== held context, 8 at once, n=1000" >>"$D/phases.txt"
  S=$(stamp); PIDS=""; for k in $(seq 8); do one 1000 q$k & PIDS="$PIDS $!"; done; wait $PIDS  # not the holder
  echo "held, 8 at once n=1000: $(python3 -c "import time; print(round(time.time()-$S,3))") s"
  kill $HOLD
} >"$D/summary.txt" 2>&1
cat "$D/summary.txt" "$D/phases.txt"
