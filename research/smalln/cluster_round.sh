#!/usr/bin/env bash
# Device run, from the repository root:   timeout -k 10 560 bash research/smalln/cluster_round.sh
# 1. Isolated calls at 2^12..2^22 (one_tile.sh, round robin): the reference against its cluster
#    variants (variant_edits.py "cluster": cluster_kernel.inc), for target 2.
# 2. Back to back at 2^26..2^30 (ONE_TILE_STREAM_LOG2): the reference against "diagnowaitstaged",
#    the staged kernel without its look-back's wait: the ceiling the chain leaves for target 1.
# STREAM_VARIANTS, STREAM_LOG2, SKIP_ISOLATED=1 and SKIP_STREAM=1 change what runs.
# Writes $OUT/cluster_round.tar.gz.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT" /tmp/cluster_round/isolated /tmp/cluster_round/stream
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee /tmp/cluster_round/gpu.txt
if [ -z "${SKIP_ISOLATED:-}" ]; then
ONE_TILE_VARIANTS=${CLUSTER_VARIANTS:-"as-is cluster cluster+staged23 cluster+CLUSTER_MAX=4"} \
  ONE_TILE_LOG2=${CLUSTER_LOG2:-"12 13 14 15 16 17 18 19 20 21 22"} ONE_TILE_NCU_LOG2=" " \
  OUT=/tmp/cluster_round/isolated timeout -k 10 240 bash research/smalln/one_tile.sh \
  >/tmp/cluster_round/isolated/log.txt 2>&1
echo "isolated exit $?"
fi
if [ -z "${SKIP_STREAM:-}" ]; then
  ONE_TILE_VARIANTS=${STREAM_VARIANTS:-"as-is diagnowaitstaged"} ONE_TILE_STREAM_LOG2=${STREAM_LOG2:-"26 28 30"} ONE_TILE_NCU_LOG2=" " \
    OUT=/tmp/cluster_round/stream timeout -k 10 200 bash research/smalln/one_tile.sh \
    >/tmp/cluster_round/stream/log.txt 2>&1
  echo "stream exit $?"
fi
tar -C /tmp -czf "$OUT/cluster_round.tar.gz" cluster_round
grep -h "check of\|FAILED\|^2^\|^stream" /tmp/cluster_round/*/one_tile.txt
