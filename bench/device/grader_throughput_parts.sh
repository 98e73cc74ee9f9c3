#!/usr/bin/env bash
# Where a GPU grading's time goes: grades solutions/ (one full eight-lab submission) with the default
# rubric and with one part switched off at a time, and prints the wall time of each. Uses the carried
# grader (build-carry-hangs/, see grader_hangs_carry.sh and point_carry_here.sh).
#   bash bench/device/grader_throughput_parts.sh        (on the GPU machine; writes $OUT/parts/)
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/parts"
mkdir -p "$D"
export PATH=/usr/local/cuda/bin:$PATH
export LD_LIBRARY_PATH="$PWD/build-carry-hangs/lib:${LD_LIBRARY_PATH:-}"
bash bench/device/point_carry_here.sh
G=build-carry-hangs/bin/scanlab
export SCANLAB_CACHE_DIR=/tmp/scanlab-parts-cache
rm -rf "$SCANLAB_CACHE_DIR"
variant() {  # name, then python that edits the rubric dict r
  python3 - "$D/$1.json" "$2" <<'PY'
import json, re, sys
text = open("grader/rubric.json").read()
r = json.loads(text)
exec(sys.argv[2])
json.dump(r, open(sys.argv[1], "w"), indent=1)
PY
}
variant default "pass"
variant no_sanitizers "r['defaults']['sanitizers'] = False"
variant no_cpu_detectors "r['defaults']['cpu_detectors'] = False"
variant no_performance "r['defaults']['performance_points'] = 0
for l in r['labs'].values(): l['performance_points'] = 0"
variant small_gpu_n "r['defaults']['gpu_max_n'] = 1 << 22"
for v in default default_warm no_sanitizers no_cpu_detectors no_performance small_gpu_n; do
  rubric="$D/${v%_warm}.json"
  S=$(date +%s%N)
  timeout -k 5 150 "$G" grade --submission solutions --backend gpu --rubric "$rubric" --seed 7 --jobs 16 \
    --results "$D/$v.result.json" --no-colour >"$D/$v.log" 2>&1
  rc=$?
  printf "%-18s exit %3d  %6d ms  %s\n" "$v" "$rc" "$(( ($(date +%s%N) - S) / 1000000 ))" "$(grep -E 'total' "$D/$v.log" | tail -1)"
done | tee "$D/summary.txt"
