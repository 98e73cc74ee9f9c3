#!/usr/bin/env bash
# What the jail costs a GPU grader (issue 44): a batch of COPIES copies of solutions/ graded with
# --backend gpu (default rubric: CPU-backend detectors included), jailed and with --no-jail, each
# with a cold object cache of its own, in the order given by MODES. Carried grader as jail_gpu.sh.
#   bash bench/device/jail_throughput_gpu.sh [COPIES=6] [JOBS=16] [MODES="unjailed jailed"]
set -uo pipefail
copies=${1:-6}
jobs=${2:-16}
modes=${3:-unjailed jailed}
carry=build-carry-jail
OUT=${OUT:-/tmp/scanlab-out}
D="$OUT/jail-throughput"
mkdir -p "$D"
export PATH=/usr/local/cuda/bin:$PATH
export SCANLAB_BWRAP="$PWD/$carry/bwrap/usr/bin/bwrap"
bash bench/device/point_carry_here.sh "$carry" >/dev/null
batch="$D/batch"
rm -rf "$batch"
for i in $(seq "$copies"); do mkdir -p "$batch/copy$i" && cp -r solutions/. "$batch/copy$i/"; done
for mode in $modes; do
  flag=""
  [ "$mode" = unjailed ] && flag=--no-jail
  export SCANLAB_CACHE_DIR="$D/cache-$mode"
  rm -rf "$SCANLAB_CACHE_DIR" "$D/out-$mode"
  S=$(date +%s.%N)
  timeout -k 10 280 "$PWD/$carry/bin/scanlab" grade --batch "$batch" --out "$D/out-$mode" --backend gpu \
    --jobs "$jobs" --seed 44 $flag >"$D/$mode.log" 2>&1
  rc=$?
  python3 - "$mode" "$rc" "$S" "$copies" "$D/out-$mode/summary.csv" <<'PY'
import csv, sys, time
mode, rc, start, copies, summary = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
wall = time.time() - start
rows = list(csv.DictReader(open(summary))) if rc == "0" else []
scores = sorted({r.get("score", "?") + "/" + r.get("max_score", "?") for r in rows})
print(f"{mode}: exit {rc}, {len(rows)} graded, scores {scores}, {wall:.1f} s: {3600 * copies / wall:.0f} submissions an hour")
PY
done | tee "$D/summary.txt"
