#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image (Ubuntu 22.04 or 24.04,
# no GPU). The zip's content is in $ROOT/source: this script, run_autograder, config.sh and the
# scanlab tree in scanlab/. It installs the Debian/Ubuntu packages the grader needs and builds
# bin/scanlab with the CPU backend only.
#
# Test it elsewhere with SCANLAB_AUTOGRADER_ROOT=/some/dir (a fake /autograder) and
# SCANLAB_SKIP_APT=1 when the packages are installed already.
set -euo pipefail
# What this script builds must not be writable by the grading user's group either, whatever the
# caller's umask (Debian 13 gives users 002).
umask 022
ROOT=${SCANLAB_AUTOGRADER_ROOT:-/autograder}
SRC="$ROOT/source"
TREE="$SRC/scanlab"
BUILD="$TREE/build"
log() { echo "scanlab setup: $*"; }

[ -f "$TREE/labs/labs.json" ] || { echo "scanlab setup: $TREE is not a scanlab tree (no labs/labs.json)" >&2; exit 1; }

if [ "${SCANLAB_SKIP_APT:-0}" != 1 ]; then
  log "installing packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends \
    build-essential cmake ninja-build python3 python3-venv \
    catch2 libfmt-dev libcli11-dev nlohmann-json3-dev libboost-context-dev bubblewrap
fi

# scanlab needs CMake 3.25; Ubuntu 22.04 ships 3.22. Take CMake from PyPI there, in a venv.
cmake_bin=cmake
have=$(cmake --version 2>/dev/null | sed -n 's/^cmake version \([0-9]*\.[0-9]*\).*/\1/p')
if [ -z "$have" ] || [ "$(printf '%s\n3.25\n' "$have" | sort -V | head -n1)" != 3.25 ]; then
  log "CMake ${have:-missing} is older than 3.25: installing CMake from PyPI into $ROOT/cmake-venv"
  python3 -m venv "$ROOT/cmake-venv"
  "$ROOT/cmake-venv/bin/pip" install -q 'cmake>=3.25,<4'
  cmake_bin="$ROOT/cmake-venv/bin/cmake"
fi

# libcu++ comes in the zip (make_package.sh): without it a valid `#include <cuda/std/...>` would
# not compile here. A zip without it is not one make_package.sh writes: stop rather than grade
# such files as errors.
CCCL="$SRC/cccl/include"
[ -f "$CCCL/cuda/std/atomic" ] ||
  { echo "scanlab setup: $CCCL holds no CCCL headers; make the zip with make gradescope-package" >&2; exit 1; }

log "configuring (CPU backend only, no tests)"
"$cmake_bin" -S "$TREE" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSCANLAB_ENABLE_GPU=OFF -DSCANLAB_BUILD_TESTS=OFF -DSCANLAB_CCCL_INCLUDE_DIR="$CCCL"
log "building the grader"
"$cmake_bin" --build "$BUILD" --target scanlab -j "$(nproc)"
"$BUILD/bin/scanlab" --help >/dev/null

# The CPU backend's prelude, precompiled once into the image rather than in every grading (each
# starts with an empty cache, and would spend 2 s on it): a warm-up grading of lab 1's stub leaves
# it in build/pch-seed, which run_autograder hands the grader (SCANLAB_PCH_SEED). Only scanlab's
# own stub runs here, so without the jail (which an image build may not allow).
log "precompiling the CPU backend's prelude into $BUILD/pch-seed"
rm -rf "$BUILD/pch-seed"
SCANLAB_CACHE_DIR="$BUILD/pch-seed" "$BUILD/bin/scanlab" grade --submission "$TREE/labs" --lab 1 --backend cpu \
  --seed 1 --no-jail --no-colour >/dev/null 2>&1 || log "the warm-up grading failed: each grading precompiles it"
rm -rf "$BUILD/pch-seed/objects"
[ ! -d "$BUILD/pch-seed" ] || chmod -R go-w "$BUILD/pch-seed"

# run_autograder grades as this unprivileged user: it must read the tree and the build, and
# write none of it.
GRADE_USER=${SCANLAB_GRADE_USER:-scanlab-student}
if [ "$(id -u)" = 0 ]; then
  id -u "$GRADE_USER" >/dev/null 2>&1 ||
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$GRADE_USER"
  chmod -R a+rX,go-w "$TREE" "$SRC/cccl"
  chmod a+x "$ROOT" "$SRC"
  log "grading user: $GRADE_USER (uid $(id -u "$GRADE_USER"))"
fi
log "done: $BUILD/bin/scanlab"
