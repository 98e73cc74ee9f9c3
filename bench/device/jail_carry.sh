#!/usr/bin/env bash
# Prepares build-carry-jail/ for bench/device/jail_gpu.sh (issue 44), here: the grader, both runners
# and the rewriter of a build configured with the GPU backend (-DSCANLAB_ENABLE_GPU=ON), stripped;
# the backend's headers of the tree that build came from (the carried CPU runner must compile
# submissions against its own headers); and bubblewrap. The GPU machines we measure on (Ubuntu
# 24.04) allow unprivileged user namespaces (`unshare -Urn` works) but have no bubblewrap, and
# nothing can be installed there: Debian 12's package is taken apart here and its binary carried
# (it needs libc, libcap2, libselinux1 and libpcre2, which Ubuntu has). About 15 MB.
#
#   bash bench/device/jail_carry.sh BUILD_DIR [SOURCE_DIR=the build's source tree]
set -euo pipefail
BUILD=${1:?usage: jail_carry.sh BUILD_DIR [SOURCE_DIR]}
SRC=${2:-$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$BUILD/CMakeCache.txt")}
carry=build-carry-jail
ninja -C "$BUILD" -j2 scanlab scanlab-runner-cpu scanlab-runner-gpu scanlab-cu2cpp >/dev/null
test -x "$BUILD/bin/scanlab-runner-gpu" || { echo "$BUILD has no GPU runner: configure it with -DSCANLAB_ENABLE_GPU=ON" >&2; exit 2; }
rm -rf "$carry"
mkdir -p "$carry/bin" "$carry/lib" "$carry/cpu_backend/rewriter" "$carry/src"
for b in scanlab scanlab-runner-cpu scanlab-runner-gpu; do
  cp "$BUILD/bin/$b" "$carry/bin/"
  strip --strip-debug "$carry/bin/$b"
done
cp "$BUILD/bin/scanlab-grader.json" "$carry/bin/"
cp "$BUILD/cpu_backend/rewriter/scanlab-cu2cpp" "$carry/cpu_backend/rewriter/"
strip --strip-debug "$carry/cpu_backend/rewriter/scanlab-cu2cpp"
fmt=$(ldd "$BUILD/bin/scanlab" | awk '/libfmt/ {print $3}')
[ -n "$fmt" ] && cp -L "$fmt" "$carry/lib/"
for inc in cpu_backend/include common/include; do
  mkdir -p "$carry/src/$inc"
  cp -r "$SRC/$inc/." "$carry/src/$inc/"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download bubblewrap >/dev/null 2>&1)
dpkg -x "$tmp"/bubblewrap_*.deb "$carry/bwrap"
"$carry/bwrap/usr/bin/bwrap" --version
du -sh "$carry"
