#!/usr/bin/env bash
# Prepares build-carry-hangs/ for bench/device/grader_hangs_gpu.sh, here (a machine with Boost.Context,
# which the GPU machine lacks): the grader, both runners and the rewriter of a build configured
# with the GPU backend (-DSCANLAB_ENABLE_GPU=ON), stripped, plus the one shared library the grader
# needs that a bare machine may lack (libfmt). About 12 MB.
#
#   bash bench/device/grader_hangs_carry.sh /work/build-h3       (the build directory)
set -euo pipefail
BUILD=${1:?usage: grader_hangs_carry.sh BUILD_DIR}
ninja -C "$BUILD" -j2 scanlab scanlab-runner-cpu scanlab-runner-gpu scanlab-cu2cpp >/dev/null
test -x "$BUILD/bin/scanlab-runner-gpu" || { echo "$BUILD has no GPU runner: configure it with -DSCANLAB_ENABLE_GPU=ON" >&2; exit 2; }
rm -rf build-carry-hangs
mkdir -p build-carry-hangs/bin build-carry-hangs/lib build-carry-hangs/cpu_backend/rewriter
for b in scanlab scanlab-runner-cpu scanlab-runner-gpu; do
  cp "$BUILD/bin/$b" build-carry-hangs/bin/
  strip --strip-debug build-carry-hangs/bin/$b
done
cp "$BUILD/bin/scanlab-grader.json" build-carry-hangs/bin/
cp "$BUILD/cpu_backend/rewriter/scanlab-cu2cpp" build-carry-hangs/cpu_backend/rewriter/
strip --strip-debug build-carry-hangs/cpu_backend/rewriter/scanlab-cu2cpp
fmt=$(ldd "$BUILD/bin/scanlab" | awk '/libfmt/ {print $3}')
[ -n "$fmt" ] && cp -L "$fmt" build-carry-hangs/lib/
du -sh build-carry-hangs
