#!/usr/bin/env bash
# Downloads the newest CCCL headers (CUB, thrust, libcu++) from PyPI's nvidia-cuda-cccl wheel into
# DIR, for scanlab-bench's CUB baseline:
#
#   bash bench/get_cccl.sh DIR                 (needs pip and the network; about 25 MB unpacked)
#   cmake -B build -DSCANLAB_BENCH_CCCL_INCLUDE=DIR/include ...
#
# The toolkit's own CCCL is the default; this measures against what `pip install` would give a
# user today. Only the headers are kept (the wheel has nothing else the benchmark needs).
set -euo pipefail
dir=${1:?usage: bench/get_cccl.sh DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --dest "$tmp" nvidia-cuda-cccl
wheel=$(ls "$tmp"/nvidia_cuda_cccl-*.whl)
python3 -m zipfile -e "$wheel" "$tmp/unpacked"
include=$(dirname "$(find "$tmp/unpacked" -path '*/cub/version.cuh' | head -1)")
include=$(dirname "$include")
mkdir -p "$dir"
rm -rf "$dir/include"
cp -r "$include" "$dir/include"
version=$(sed -n 's/^#define CUB_VERSION \([0-9]*\).*/\1/p' "$dir/include/cub/version.cuh")
echo "get_cccl: $(basename "$wheel") -> $dir/include (CUB_VERSION $version)"
