#!/usr/bin/env bash
# Issue 15 on a real GPU: hang isolation, guards at n = 0, "cannot grade this here", and one grade
# whatever the backend. Grades EVERY submission of tests/grader/submissions (the known-wrong ones,
# among them three that hang the GPU: in the first call, in the second call only, and only with
# blocks out of order; one that writes output[0] at n = 0) with --backend gpu as one batch, under an
# outer timeout, and prints
#   - the batch's exit status and wall time (it must finish: every hang is killed at the rubric's
#     time limit and the GPU checked afterwards),
#   - summary.csv,
#   - per submission and test: the GPU's score next to the score its expect.json states (the CPU
#     backend's, checked by `ctest -L grader`): "same" or "DIFFERENT" (performance aside),
#   - the hang verdicts (each must name the call and n) and any "GPU left busy" report,
#   - whether a runner outlived the batch (nvidia-smi's compute processes).
#
# The GPU machine has no Boost.Context, so the grader is built here with the CPU backend too and
# carried (its CPU detectors are part of the GPU grade):
#   (here)  cmake -S . -B build-h3 -G Ninja -DSCANLAB_ENABLE_GPU=ON ... ; bash bench/device/grader_hangs_carry.sh build-h3
#   (GPU)   bash bench/device/grader_hangs_gpu.sh                       (carry: build-carry-hangs)
# Without build-carry-hangs it builds a GPU-only grader here (cmake, no CPU backend): then the CPU
# detector tests are listed as not run and the comparison says so.
# Writes $OUT/hangs/: subs/ (one JSON per submission, summary.csv), batch.log, compare.txt.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/hangs"
mkdir -p "$D"
export PATH=/usr/local/cuda/bin:$PATH
BATCH_LIMIT=${BATCH_LIMIT:-480}   # the whole batch, seconds (outer timeout)
JOBS=${JOBS:-4}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$D/gpu.txt"

if [ -x build-carry-hangs/bin/scanlab ]; then
  GRADER=build-carry-hangs/bin/scanlab
  export LD_LIBRARY_PATH="$PWD/build-carry-hangs/lib:${LD_LIBRARY_PATH:-}"
  bash bench/device/point_carry_here.sh build-carry-hangs  # this machine's paths
else
  echo "no build-carry-hangs/: building a GPU-only grader (no CPU detectors)"
  timeout -k 5 500 cmake -S . -B build-gpu-hangs -G Ninja -DSCANLAB_ENABLE_GPU=ON -DSCANLAB_ENABLE_ASAN=OFF \
    -DSCANLAB_ENABLE_TSAN=OFF -DSCANLAB_BUILD_TESTS=OFF >"$D/configure.log" 2>&1
  timeout -k 5 500 ninja -C build-gpu-hangs scanlab scanlab-runner-gpu >"$D/build.log" 2>&1 || { tail -20 "$D/build.log"; exit 1; }
  GRADER=build-gpu-hangs/bin/scanlab
fi
timeout -k 5 20 "$(dirname $GRADER)/scanlab-runner-gpu" --probe
# The submissions as graded: those that are a reference plus a bug are patches (.mutant), applied here.
SUBS="$D/submissions"
cmake -DOUT_DIR="$SUBS" -P tests/grader/generate_submissions.cmake >/dev/null || exit 1

S=$(date +%s)
timeout -k 10 "$BATCH_LIMIT" "$GRADER" grade --batch "$SUBS" --out "$D/subs" --backend gpu \
  --rubric tests/grader/rubric.json --seed 12345 --jobs "$JOBS" >"$D/batch.log" 2>&1
rc=$?
echo "batch of $(ls -d "$SUBS"/*/ | wc -l) submissions: exit $rc (124 = the outer timeout fired), $(( $(date +%s) - S )) s"
echo "--- summary.csv"
cat "$D/subs/summary.csv"
echo "--- GPU scores against expect.json (the CPU backend's), performance aside"
python3 - "$D/subs" "$SUBS" <<'PY' | tee "$D/compare.txt"
import json, os, sys
out, subs = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(subs)):
    e = os.path.join(subs, name, "expect.json")
    r = os.path.join(out, name + ".json")
    if not os.path.exists(e):
        continue
    if not os.path.exists(r):
        print(f"{name}: NO RESULT"); continue
    expect, res = json.load(open(e)), json.load(open(r))
    rec = res.get("extra_data", {}).get("result", res)
    lab = next((l for l in rec.get("labs", []) if l["id"] == expect["lab"]), None)
    if lab is None:
        print(f"{name}: lab {expect['lab']} not graded"); continue
    tests = {t["kind"]: t for t in lab["tests"]}
    t = tests.get(expect["test"], {})
    line = f"{name}: lab {lab['id']} {expect['test']}: diagnosis {t.get('diagnosis', '-')!r} (CPU: {expect['diagnosis']!r})"
    if lab.get("cannot_grade"):
        line += f"; cannot_grade: {lab['cannot_grade'][:100]}"
    print(line)
    for kind, want in expect.get("scores", {}).items():
        got = tests.get(kind, {}).get("score")
        same = got is not None and abs(got - want) < 0.01
        print(f"    {kind:8s} GPU {got!s:6.6} CPU {want!s:6.6} {'same' if same else 'DIFFERENT'}"
              + ("" if same else f"  ({tests.get(kind, {}).get('output', '')[:160]!r})"))
    for l in lab["tests"]:
        if l.get("diagnosis") == "hang" or "hang" in l.get("output", "")[:400]:
            first = next((x for x in l["output"].splitlines() if "hang" in x), "")
            if first:
                print(f"    hang verdict ({l['kind']}): {first[:200]}")
    for n in lab.get("notes", []):
        print(f"    note: {n[:200]}")
PY
echo "--- GPU left busy?"
grep -h "left busy\|checked after the killed run" "$D"/subs/*.json | sed 's/^ *//' | sort | uniq -c | head
echo "--- compute processes left on the GPU after the batch (expected: none)"
nvidia-smi --query-compute-apps=pid,process_name --format=csv,noheader
