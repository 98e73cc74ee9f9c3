#!/usr/bin/env bash
# The autograder on a GPU (device machine): grades solutions/ as a submission (performance
# scores against the reference measured in the same run, compute-sanitizer memcheck, racecheck
# and synccheck when it is on PATH), twice, to show that the score repeats; then the known-wrong
# submissions of tests/grader/submissions; and times full eight-lab grading (builds included) for
# submissions per hour on this GPU.
#
# Build first (the lead's combined script):
#   cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF
#   ninja -C build-gpu scanlab scanlab-runner-gpu
# Then:   bash bench/device/grader_gpu.sh build-gpu
# Writes $OUT/grader/: reference-1.json|md, reference-2.json|md, submissions/*.json +
# summary.csv, reference-default.json|md, *.log, steps.txt, summary.md. Wall-time budget: 240 s,
# plus up to 420 s for the default-rubric run; every step is under
# `timeout`, and the script never stops at an error.
set -uo pipefail
BUILD=${1:-build-gpu}
OUT=${OUT:-/tmp/scanlab-out}
DIR="$OUT/grader"
mkdir -p "$DIR/submissions"
SCANLAB="$BUILD/bin/scanlab"
RUBRIC=bench/device/grader_gpu_rubric.json
START=$(date +%s)
export PATH="$PATH:/usr/local/cuda/bin"
elapsed() { echo $(( $(date +%s) - START )); }
step() {  # step NAME SECONDS command...: run with a time limit, log, never abort
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout --kill-after=5 "$limit" "$@" >"$DIR/$name.log" 2>&1
  local rc=$?
  printf '%-14s exit %3s  %4ss  (t=%ss)\n' "$name" "$rc" "$(( $(date +%s) - t0 ))" "$(elapsed)" | tee -a "$DIR/steps.txt"
  echo "$(( $(date +%s) - t0 ))" >"$DIR/$name.seconds"
  return 0
}
: >"$DIR/steps.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >"$DIR/gpu.txt" 2>&1 || echo "nvidia-smi failed" >>"$DIR/gpu.txt"
command -v compute-sanitizer >"$DIR/compute-sanitizer.txt" 2>&1 || echo "compute-sanitizer not on PATH" >"$DIR/compute-sanitizer.txt"
if [ ! -x "$SCANLAB" ]; then
  echo "missing $SCANLAB (build it: ninja -C $BUILD scanlab scanlab-runner-gpu)" | tee "$DIR/summary.md"
  exit 1
fi

# 1. The reference solutions, all eight labs, twice (fresh seeds each time: the score must repeat).
#    Eight labs at a time (16 cores): builds and correctness runs overlap; every timing compares the student
#    and the reference inside one child, interleaved, so they share whatever load there is.
step reference-1 60 "$SCANLAB" grade --submission solutions --backend gpu --rubric "$RUBRIC" --jobs 8 \
  --results "$DIR/reference-1.json" --markdown "$DIR/reference-1.md" --junit "$DIR/reference-1.xml" --no-colour
step reference-2 55 "$SCANLAB" grade --submission solutions --backend gpu --rubric "$RUBRIC" --jobs 8 \
  --results "$DIR/reference-2.json" --markdown "$DIR/reference-2.md" --no-colour
# 2. The known-wrong submissions (their own small rubric), on the GPU.
#    SCANLAB_SKIP_SUBMISSIONS=1 leaves this step out (when a session already ran it). Those that are a
#    reference plus a bug are patches (.mutant): generate_submissions.cmake applies them first.
[ "${SCANLAB_SKIP_SUBMISSIONS:-0}" = 1 ] || cmake -DOUT_DIR="$DIR/known-wrong" -P tests/grader/generate_submissions.cmake >/dev/null
[ "${SCANLAB_SKIP_SUBMISSIONS:-0}" = 1 ] || step submissions 120 "$SCANLAB" grade --batch "$DIR/known-wrong" --out "$DIR/submissions" --backend gpu \
  --rubric tests/grader/rubric.json --jobs 8

# 3. The reference solutions once more under the default rubric (grader/rubric.json: the sizes and
#    limits a course gets out of the box) and the default number of jobs: submissions per hour as an
#    instructor would see them. SCANLAB_SKIP_DEFAULT_RUBRIC=1 leaves it out.
[ "${SCANLAB_SKIP_DEFAULT_RUBRIC:-0}" = 1 ] || step reference-default 420 "$SCANLAB" grade --submission solutions \
  --backend gpu --results "$DIR/reference-default.json" --markdown "$DIR/reference-default.md" --no-colour

# Summary.
{
  echo "# Autograder on the GPU"
  echo
  echo "GPU: $(tail -n +2 "$DIR/gpu.txt" | head -1); compute-sanitizer: $(cat "$DIR/compute-sanitizer.txt")"
  echo
  echo '```'
  cat "$DIR/steps.txt"
  echo '```'
  python3 - "$DIR" <<'PY' 2>&1 || echo "(summary script failed)"
import json, os, sys
d = sys.argv[1]
def load(name):
    try:
        return json.load(open(os.path.join(d, name)))
    except Exception as e:
        return None
default = load("reference-default.json")
if default is not None:
    secs = float(open(os.path.join(d, "reference-default.seconds")).read())
    total = sum(t["max_score"] for t in default["tests"])
    print(f"\ndefault rubric (grader/rubric.json, default jobs): {default['score']:.2f} / {total:.2f} in {secs:.0f} s "
          f"(about {3600 / max(secs, 1):.0f} full eight-lab submissions per hour, builds included)")
runs = [load("reference-1.json"), load("reference-2.json")]
for k, r in enumerate(runs, 1):
    if r is None:
        print(f"\nreference run {k}: no results (see reference-{k}.log)")
        continue
    total = sum(t["max_score"] for t in r["tests"])
    secs = float(open(os.path.join(d, f"reference-{k}.seconds")).read())
    print(f"\nreference run {k}: {r['score']:.2f} / {total:.2f} in {secs:.0f} s "
          f"(about {3600 / max(secs, 1):.0f} full eight-lab submissions per hour, builds included)")
if all(runs):
    a = {t["name"]: t["score"] for t in runs[0]["tests"]}
    b = {t["name"]: t["score"] for t in runs[1]["tests"]}
    diff = [n for n in a if n in b and abs(a[n] - b[n]) > 1e-9]
    print("\nsame score both runs: " + ("yes" if not diff and runs[0]["score"] == runs[1]["score"] else "NO: " + ", ".join(diff)))
    print("\n| test | run 1 | run 2 |\n|---|---:|---:|")
    for t in runs[0]["tests"]:
        if t["extra_data"]["kind"] in ("performance", "race", "barrier", "memory") or t["status"] != "passed":
            print(f"| {t['name']} | {a[t['name']]:.2f}/{t['max_score']:.2f} | {b.get(t['name'], float('nan')):.2f} |")
    for t in runs[0]["tests"]:
        if t["extra_data"]["kind"] == "performance":
            print(f"\n- {t['name']}: {t['output'][:300]}")
    if "leaderboard" in runs[0]:
        print(f"\nleaderboard: {runs[0]['leaderboard']}")
csv = os.path.join(d, "submissions", "summary.csv")
if os.path.exists(csv):
    print("\n## Known-wrong submissions on the GPU\n\n```\n" + open(csv).read() + "```")
else:
    print("\nno submissions summary (see submissions.log)")
PY
  echo
  echo "total wall time: $(elapsed) s"
} >"$DIR/summary.md"
cat "$DIR/summary.md"
