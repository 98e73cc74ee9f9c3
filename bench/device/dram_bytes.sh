#!/usr/bin/env bash
# DRAM bytes per element (device machine): does a kernel move more than the 8 bytes per element
# (one read, one write) a scan needs? Extra reads mean L2 lost lines before they were used (a
# prefetched tile evicted early, a tile read twice). One Nsight Compute pass per implementation
# over its first checked call, with the counters that answer it.
#
#   bash bench/device/dram_bytes.sh                  (repository root; $OUT set by the device tool)
# SCANLAB_DRAM_IMPLS: impl:kernel-regex:launches-to-skip ...; SCANLAB_DRAM_LOG2: the size (28).
# Writes $OUT/dram/: <impl>.csv (ncu --csv), summary.txt (bytes read and written per element).
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
BUILD=${BUILD:-build-gpu}
DIR="$OUT/dram"
mkdir -p "$DIR"
export PATH=/usr/local/cuda/bin:$PATH
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -f "$BUILD/build.ninja" ] || timeout 120 cmake -S . -B "$BUILD" -G Ninja -DSCANLAB_ENABLE_CPU=OFF >"$DIR/configure.log" 2>&1
timeout 300 ninja -C "$BUILD" -j 16 scanlab-bench >"$DIR/build.log" 2>&1 || tail -20 "$DIR/build.log"
LOG2=${SCANLAB_DRAM_LOG2:-28}
METRICS=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sector_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed
# The cub line: skip the reference's int64 scan (same kernel name) made when the data is prepared.
IMPLS=${SCANLAB_DRAM_IMPLS:-copy-float4:copy_float4_kernel:0 cub:DeviceScanKernel:1 advanced:staged_scan:0}
: >"$DIR/summary.txt"
for spec in $IMPLS; do
  IFS=: read -r impl kernel skip <<<"$spec"
  timeout 120 "$NCU" --metrics "$METRICS" -k "regex:$kernel" --launch-skip "$skip" --launch-count 1 --csv \
    "$BUILD/bin/scanlab-bench" --only "$impl" --log2 "$LOG2" --min-reps 1 --max-reps 1 --min-time 0 --warmup 0 \
    --latency-max-log2 0 --skip thrust >"$DIR/$impl.csv" 2>"$DIR/$impl.err"
  python3 - "$DIR/$impl.csv" "$impl" "$LOG2" >>"$DIR/summary.txt" <<'PY'
import csv, sys
path, impl, log2 = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [r for r in csv.reader(open(path)) if len(r) > 10]
if len(rows) < 2:
    print(f"{impl:24s} no ncu rows (see {path})"); sys.exit()
head = rows[0]; name_i = head.index("Metric Name"); unit_i = head.index("Metric Unit"); val_i = head.index("Metric Value")
scale = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "nsecond": 1, "usecond": 1e3, "msecond": 1e6, "%": 1}
m = {r[name_i]: float(r[val_i].replace(",", "")) * scale.get(r[unit_i], 1) for r in rows[1:]}
n = 2 ** log2
print(f"{impl:24s} read {m.get('dram__bytes_read.sum', 0) / n:5.2f} B/elem  write {m.get('dram__bytes_write.sum', 0) / n:5.2f} B/elem"
      f"  L2 hit {m.get('lts__t_sector_hit_rate.pct', 0):5.1f}%  DRAM {m.get('dram__throughput.avg.pct_of_peak_sustained_elapsed', 0):5.1f}% of peak"
      f"  {m.get('gpu__time_duration.sum', 0) / 1e3:8.1f} us (under ncu)")
PY
done
cat "$DIR/summary.txt"
