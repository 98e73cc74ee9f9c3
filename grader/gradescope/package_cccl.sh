#!/usr/bin/env bash
# package_cccl.sh BUILD_DIR DEST: copy the libcu++ headers (cuda/, nv/) of the CCCL that BUILD_DIR
# was configured with into DEST/include, with CCCL's licence, for a grading package. The package's
# setup.sh configures scanlab with DEST/include, so a student's `#include <cuda/std/...>` compiles
# there as it does on the instructor's machine. Fails, saying what to run, when the build found none.
set -euo pipefail
build=${1:?usage: package_cccl.sh BUILD_DIR DEST}
dest=${2:?usage: package_cccl.sh BUILD_DIR DEST}
cache="$build/CMakeCache.txt"
[ -f "$cache" ] || { echo "package_cccl: $build is not a configured build (no CMakeCache.txt): run cmake, or make configure" >&2; exit 1; }
cccl=$(sed -n 's/^SCANLAB_CCCL_INCLUDE_DIR:[A-Z]*=//p' "$cache")
if [ -z "$cccl" ] || [ ! -f "$cccl/cuda/std/atomic" ]; then
  echo "package_cccl: $build found no CCCL, so the package could not compile <cuda/std/...>:" >&2
  echo "  run tools/setup-debian.sh (it installs CCCL's headers), then cmake -S . -B $build again" >&2
  exit 1
fi
rm -rf "$dest"
mkdir -p "$dest/include"
cp -RLp "$cccl/cuda" "$cccl/nv" "$dest/include/"
# The licence travels with the headers: the PyPI package keeps it in its dist-info folder, a CUDA
# toolkit next to its include folder.
find "$cccl/../../../.." "$cccl/.." -maxdepth 3 \( -path '*nvidia_cuda_cccl-*.dist-info/licenses/*' -o -name 'LICENSE*' \) \
  -type f 2>/dev/null | head -n 4 | while read -r licence; do cp "$licence" "$dest/"; done
