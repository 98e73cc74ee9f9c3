#!/usr/bin/env bash
# The grader on a GPU with the CPU backend's detectors too (rubric key cpu_detectors): the GPU
# machine has no Boost.Context, so the grader, its runners and the rewriter are built on a machine
# that has it and carried over in build-carry/ (they link Boost statically; a student's CPU-backend
# object needs only the host compiler):
#
#   (here)  cmake --build build --target scanlab scanlab-runner-cpu scanlab-runner-gpu scanlab-cu2cpp
#           mkdir -p build-carry/bin build-carry/cpu_backend/rewriter
#           cp build/bin/{scanlab,scanlab-runner-cpu,scanlab-runner-gpu,scanlab-grader.json} build-carry/bin/
#           cp build/cpu_backend/rewriter/scanlab-cu2cpp build-carry/cpu_backend/rewriter/
#           (then point bin_dir and rewriter in build-carry/bin/scanlab-grader.json at build-carry)
#   (GPU)   bash bench/device/grader_hybrid.sh          with build-carry carried
# Writes $OUT/hybrid/: subs/ (known-wrong submissions, summary.csv), ref.json|md (solutions), logs.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/hybrid"
mkdir -p "$D"
export PATH=/usr/local/cuda/bin:$PATH
CXX=$(command -v c++ || command -v g++)
python3 - "$CXX" <<'PY'
import json, os, sys
p = "build-carry/bin/scanlab-grader.json"
d = json.load(open(p))
d["cxx"] = sys.argv[1]
d["source_dir"] = os.getcwd()
json.dump(d, open(p, "w"), indent=2)
PY
# The submissions as graded: those that are a reference plus a bug are patches (.mutant), applied here.
cmake -DOUT_DIR="$D/submissions" -P tests/grader/generate_submissions.cmake >/dev/null || exit 1
S=$(date +%s)
timeout 240 build-carry/bin/scanlab grade --batch "$D/submissions" --out "$D/subs" --backend gpu \
  --rubric tests/grader/rubric.json --jobs 8 >"$D/subs.log" 2>&1
echo "known-wrong submissions: exit $?, $(( $(date +%s) - S )) s"
cat "$D/subs/summary.csv"
# Issue 38: the verdicts the CPU backend gives must be the GPU grader's too (its CPU detector runs
# see who wrote the output; a host read of device memory crashes on the GPU itself).
for pair in host_computed_decoy_kernel:host_computed_output host_deref_device_memory:crash; do
  name=${pair%%:*} want=${pair#*:}
  if grep -E "^$name," "$D/subs/summary.csv" | grep -q ":$want"; then echo "$name: $want, as on the CPU backend"
  else echo "$name: NOT $want (the CPU backend says $want)"; fi
done
S=$(date +%s)
timeout 150 build-carry/bin/scanlab grade --submission solutions --backend gpu --rubric bench/device/grader_gpu_rubric.json \
  --jobs 8 --results "$D/ref.json" --markdown "$D/ref.md" --no-colour >"$D/ref.log" 2>&1
echo "solutions: exit $?, $(( $(date +%s) - S )) s"
grep -E "^## " "$D/ref.md"
