#!/usr/bin/env bash
# The small-n variants of variants.sh, but in ONE benchmark run, so that their isolated calls are
# made round robin with the copies' and share the run's drift. Device run, from the repository root:
#
#   timeout -k 10 580 bash research/smalln/same_run.sh
#
# Each variant is a copy of decoupled_lookback.cu in the device's tree (solutions/lab8-single-pass/
# decoupled_lookback_<name>.cu: the benchmark times every extra solution file of a lab as
# "advanced-<stem>"); nothing of it is kept. Results: $OUT/same_run.txt and $OUT/same_run.json.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
dir=solutions/lab8-single-pass
src=$dir/decoupled_lookback.cu
variant() {  # name items staged_from_log2
  bash research/smalln/make_variant.sh "$src" "$2" "$3" >"$dir/decoupled_lookback_$1.cu" || exit 1
}
variant s20 32 20  # the staged kernel from 2^20, as adopted until 591f119 (now 2^21)
variant s22 32 22
variant s23 32 23
variant i16 16 20
trap 'rm -f "$dir"/decoupled_lookback_*.cu' EXIT
cmake -S . -B build-smalln -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON >"$OUT/same_run-configure.log" 2>&1
timeout -k 5 300 ninja -C build-smalln scanlab-bench >"$OUT/same_run-build.log" 2>&1 || { tail -30 "$OUT/same_run-build.log"; exit 1; }
timeout -k 5 200 build-smalln/bin/scanlab-bench --only advanced --log2 10 12 14 16 17 18 19 20 21 22 \
  --latency-max-log2 22 --latency-reps 300 --min-reps 10 --max-reps 100 --min-time 0.005 \
  --json "$OUT/same_run.json" >"$OUT/same_run.txt" 2>&1
echo "bench exit $?"
python3 - "$OUT/same_run.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = {}
for p in d["points"]:
    if p.get("status") == "ok" and "latency_vs_copy_kernel" in p and "lab8" in p["name"]:
        rows.setdefault(p["name"], {})[p["log2n"]] = (p["latency_vs_copy_kernel"], p.get("fraction_of_copy", 0))
print("isolated call / float4 copy kernel's (same run, round robin); back to back: fraction of a copy")
for name, r in sorted(rows.items()):
    print(f"{name:36s}", " ".join(f"{k}:{v[0]:.2f}/{v[1]:.2f}" for k, v in sorted(r.items())))
PY
