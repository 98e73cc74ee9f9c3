#!/usr/bin/env bash
# The jail on a GPU machine (issue 44), with the grader and bubblewrap carried from the
# development machine (jail_carry.sh):
#   1. whether bubblewrap starts a jail here, and whether CUDA works inside one;
#   2. tests/grader/jail_exploits.py with --backend gpu: the known exploits in one batch (nothing
#      may leak, be written, survive or connect), and again with --no-jail, where each must succeed;
#   3. the cost: solutions/ graded with --backend gpu, jailed and with --no-jail.
#   bash bench/device/jail_gpu.sh [CARRY_DIR=build-carry-jail]
# Writes $OUT/jail/: summary.txt and the logs.
set -uo pipefail
carry=${1:-build-carry-jail}
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/jail"
mkdir -p "$D"
export PATH=/usr/local/cuda/bin:$PATH
export SCANLAB_BWRAP="$PWD/$carry/bwrap/usr/bin/bwrap"
bash bench/device/point_carry_here.sh "$carry"
export LD_LIBRARY_PATH="$PWD/$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
scanlab="$PWD/$carry/bin/scanlab"
{
  echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  "$SCANLAB_BWRAP" --version
  unshare -Urn true && echo "unshare -Urn: works"
  "$SCANLAB_BWRAP" --unshare-all --unshare-user --ro-bind / / --dev /dev --proc /proc true &&
    echo "bubblewrap: starts a jail"
  # CUDA inside a jail: the runner's probe, jailed the way the grader jails a GPU run.
  devs=()
  for d in /dev/nvidia*; do devs+=(--dev-bind "$d" "$d"); done
  timeout -k 5 120 "$SCANLAB_BWRAP" --unshare-all --unshare-user --ro-bind /usr /usr --ro-bind /etc /etc \
    --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin --proc /proc --dev /dev \
    "${devs[@]}" --ro-bind /sys /sys --ro-bind "$PWD/$carry" "$PWD/$carry" \
    "$PWD/$carry/bin/scanlab-runner-gpu" --probe && echo "CUDA in a jail: works"
} >"$D/summary.txt" 2>&1
# The grader's known-wrong submissions as graded (those that are patches of a reference applied).
subs="$D/known-wrong"
cmake -DOUT_DIR="$subs" -P tests/grader/generate_submissions.cmake >/dev/null || exit 1
for mode in jailed escape; do
  flag=""
  [ $mode = escape ] && flag=--expect-escape
  S=$(date +%s)
  timeout -k 10 900 python3 tests/grader/jail_exploits.py "$scanlab" "$PWD" "$D/work" --submissions "$subs" \
    --backend gpu $flag \
    >"$D/exploits-$mode.log" 2>&1
  echo "jail_exploits.py --backend gpu $flag: exit $?, $(( $(date +%s) - S )) s: $(tail -1 "$D/exploits-$mode.log")" \
    >>"$D/summary.txt"
done
for round in 1; do
  for mode in jailed unjailed; do
    flag=""
    [ $mode = unjailed ] && flag=--no-jail
    S=$(date +%s)
    timeout -k 10 600 "$scanlab" grade --submission solutions --backend gpu --jobs 16 --seed 7 $flag \
      --results "$D/solutions-$mode-$round.json" --no-colour >"$D/solutions-$mode-$round.log" 2>&1
    rc=$?
    echo "solutions --backend gpu ($mode, round $round): exit $rc, $(( $(date +%s) - S )) s, $(grep -E '^TOTAL' "$D/solutions-$mode-$round.log")" \
      >>"$D/summary.txt"
  done
done
# 4. Issue 38 on the GPU, jailed: the timing exploits (tests/grader/timing_exploits, each
#    expect.json's performance score and message) and the host-computed output of the known-wrong
#    submissions named host_* (the CPU backend's detector runs of the default rubric decide).
S=$(date +%s)
timeout -k 10 300 "$scanlab" grade --batch tests/grader/timing_exploits --lab 2 --out "$D/timing" --backend gpu \
  --jobs 8 --seed 38 >"$D/timing.log" 2>&1
echo "timing exploits, jailed: exit $?, $(( $(date +%s) - S )) s" >>"$D/summary.txt"
rm -rf "$D/hostbatch" && mkdir -p "$D/hostbatch"
cp -r "$subs"/host_* "$D/hostbatch/"
S=$(date +%s)
timeout -k 10 300 "$scanlab" grade --batch "$D/hostbatch" --out "$D/host" --backend gpu --jobs 8 --seed 38 \
  >"$D/host.log" 2>&1
echo "host_* submissions, jailed: exit $?, $(( $(date +%s) - S )) s" >>"$D/summary.txt"
python3 - "$D" >>"$D/summary.txt" <<'PY'
import json, os, sys
d = sys.argv[1]
def tests(folder, name, lab=2):
    p = os.path.join(d, folder, name + ".json")
    labs = json.load(open(p))["extra_data"]["result"]["labs"] if os.path.exists(p) else []
    return [t for l in labs if l["id"] == lab for t in l["tests"]]
for name in sorted(os.listdir("tests/grader/timing_exploits")):
    e = os.path.join("tests/grader/timing_exploits", name, "expect.json")
    if not os.path.exists(e):
        continue
    want = json.load(open(e))
    perf = [t for t in tests("timing", name) if t["kind"] == "performance"]
    got = perf[0] if perf else {}
    ok = perf and abs(got["score"] - want["performance_score"]) < 1e-9 and want["contains"] in got["output"]
    print(f"timing {name}: {got.get('score')}/{got.get('max_score')} {got.get('diagnosis')} "
          f"{'as expected' if ok else 'NOT AS EXPECTED'}: {got.get('output', '').splitlines()[:1]}")
for name in sorted(os.listdir(os.path.join(d, "hostbatch"))):
    want = json.load(open(os.path.join(d, "hostbatch", name, "expect.json")))
    found = [t for t in tests("host", name, want["lab"]) if t["kind"] == want["test"]]
    got = found[0] if found else {}
    ok = found and got["diagnosis"] == want["diagnosis"] and want["contains"] in got["output"]
    print(f"host {name}: {want['test']} {got.get('diagnosis')} {'as expected' if ok else 'NOT AS EXPECTED'}")
PY
cat "$D/summary.txt"
