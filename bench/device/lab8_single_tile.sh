#!/usr/bin/env bash
# Lab 8's advanced reference after its one-tile path (2026-11-25), in one device run:
#   1. research/smalln/one_tile.sh: the reference before the change (BEFORE, a file) and now,
#      isolated calls round robin against the copy kernel and lab 5;
#   2. the notes' benchmark (bench_notes.sh), for the tables and plots;
#   3. the advanced reference's GPU check: the lab's cases and sizes around each kernel's range.
#
#   bash solutions/lab8-single-pass/decoupled_lookback/flatten.sh <commit before> > research/smalln/before_v.cu
#   device run, carry ["cccl-pypi"]:
#     timeout -k 10 560 bash bench/device/lab8_single_tile.sh research/smalln/before_v.cu cccl-pypi/include
#
# Writes $OUT/one_tile.tar.gz, $OUT/bench.tar.gz and $OUT/checks.txt.
set -uo pipefail
BEFORE=$1
CCCL=${2:-cccl-pypi/include}
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

skip=" ${SKIP:-} "  # SKIP="one_tile notes" runs the checks alone
if [[ $skip != *" one_tile "* ]]; then
mkdir -p /tmp/one_tile
ONE_TILE_VARIANTS=${ONE_TILE_VARIANTS:-"file:$BEFORE as-is"} ONE_TILE_LOG2=${ONE_TILE_LOG2:-"10 11 12 13 14 15 16 18 20"} \
  ONE_TILE_NCU_LOG2=${ONE_TILE_NCU_LOG2:-"10"} \
  OUT=/tmp/one_tile timeout -k 10 200 bash research/smalln/one_tile.sh >/tmp/one_tile/log.txt 2>&1
echo "one_tile exit $?"
tar -C /tmp -czf "$OUT/one_tile.tar.gz" one_tile
fi

if [[ $skip != *" notes "* ]]; then
mkdir -p /tmp/notes
OUT=/tmp/notes timeout -k 10 300 bash bench/device/bench_notes.sh "$CCCL" >/tmp/notes/log.txt 2>&1
echo "bench_notes exit $?"
tar -C /tmp -czf "$OUT/bench.tar.gz" notes
fi

{
  [ -f build-gpu/build.ninja ] ||
    timeout -k 5 120 cmake -S . -B build-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_ENABLE_GPU=ON >/dev/null
  timeout -k 5 120 ninja -C build-gpu lab8-single-pass-check-advanced-gpu >/dev/null; echo "build exit $?"
  for n in "" "--n 1" "--n 1000" "--n 1024" "--n 4095" "--n 4096" "--n 4097" "--n 8192" "--n 12289" \
           "--n 16384" "--n 16385" "--n 32768" "--n 32769" "--n 2097153"; do
    label=${n:-"the lab cases"}
    echo "check $label: $(timeout -k 5 60 build-gpu/bin/lab8-single-pass-check-advanced-gpu \
      --quiet --color never $n 2>&1 | tail -1)"
  done
} >"$OUT/checks.txt" 2>&1
cat "$OUT/checks.txt"
grep -sE "^2\^|check of|floor" /tmp/one_tile/one_tile.txt || true
