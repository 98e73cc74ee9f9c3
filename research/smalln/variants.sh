#!/usr/bin/env bash
# Small n for lab 8's advanced reference (issue 18, target 2: an isolated call within 1.15x of the
# float4 copy kernel's at 2^10..2^22). Device run, from the repository root:
#
#   timeout -k 10 580 bash research/smalln/variants.sh
#
# Rebuilds scanlab-bench with the reference's register kernel at other tile sizes (ITEMS per
# thread: 32, the adopted one, 16 and 8) and used up to other sizes (STAGED_FROM_N: 2^20, adopted
# until 591f119, now 2^21,
# and 2^23), each edited into the device's copy of decoupled_lookback.cu (put back at the end),
# and times isolated calls at 2^10..2^22 against the copies in the same run. Also runs
# research/sections/best_sections.cu. Results: $OUT/smalln.tgz and $OUT/smalln-summary.txt.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
W="$OUT/smalln"
mkdir -p "$W"
src=solutions/lab8-single-pass/decoupled_lookback.cu
cp "$src" "$W/original.cu"
trap 'cp "$W/original.cu" "$src"' EXIT
cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON >"$W/configure.log" 2>&1
for items in 32 16 8; do
  for from in 20 23; do
    name="items$items-staged$from"
    bash research/smalln/make_variant.sh "$W/original.cu" "$items" "$from" >"$src" || exit 1
    if ! timeout -k 5 120 ninja -C build-gpu scanlab-bench >"$W/build-$name.log" 2>&1; then
      echo "$name: build failed" | tee -a "$W/steps.txt"
      continue
    fi
    timeout -k 5 60 build-gpu/bin/scanlab-bench --only lab8-advanced --log2 10 12 14 16 17 18 19 20 21 22 \
      --latency-max-log2 22 --latency-reps 200 --min-reps 5 --max-reps 50 --min-time 0.002 \
      --json "$W/$name.json" >"$W/$name.txt" 2>&1
    echo "$name: bench exit $?" | tee -a "$W/steps.txt"
  done
done
cp "$W/original.cu" "$src"
nvcc -O3 -arch=sm_90 -o build-gpu/best_sections research/sections/best_sections.cu >"$W/best_sections-build.log" 2>&1 &&
  timeout -k 5 120 build-gpu/best_sections >"$W/best_sections.txt" 2>&1
python3 - "$W" >"$OUT/smalln-summary.txt" 2>&1 <<'PY'
import json, pathlib, sys
w = pathlib.Path(sys.argv[1])
print("isolated call of lab8-advanced / the float4 copy kernel's (same run); 'wrong' if the check failed")
for f in sorted(w.glob("items*.json")):
    d = json.loads(f.read_text())
    row = {}
    for p in d["points"]:
        if p["name"] == "lab8-advanced":
            row[p["log2n"]] = p.get("latency_vs_copy_kernel") if p["status"] == "ok" else p["status"]
    cells = " ".join(f"{k}:{v:.2f}" if isinstance(v, float) else f"{k}:{v}" for k, v in sorted(row.items()))
    print(f"{f.stem:22s} {cells}")
print((w / "best_sections.txt").read_text() if (w / "best_sections.txt").exists() else "best_sections: no output")
PY
cat "$W/steps.txt" >>"$OUT/smalln-summary.txt"
tar czf "$OUT/smalln.tgz" -C "$OUT" smalln
