#!/usr/bin/env bash
# Adds bubblewrap to a carried grader (issue 44): the GPU machines we measure on (Ubuntu 24.04)
# allow unprivileged user namespaces (`unshare -Urn` works) but do not have bubblewrap installed,
# and nothing can be installed there. Debian 12's package is taken apart here and its binary
# carried (it needs libc, libcap2, libselinux1 and libpcre2, which Ubuntu has).
#
#   bash bench/device/grader_hangs_carry.sh BUILD_DIR      (the grader, runners and rewriter)
#   bash bench/device/jail_carry.sh [CARRY_DIR=build-carry-hangs]
# On the GPU machine the device scripts set SCANLAB_BWRAP=$CARRY_DIR/bwrap/usr/bin/bwrap.
set -euo pipefail
carry=${1:-build-carry-hangs}
test -d "$carry/bin" || { echo "no grader in $carry: run grader_hangs_carry.sh first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download bubblewrap >/dev/null 2>&1)
rm -rf "$carry/bwrap"
dpkg -x "$tmp"/bubblewrap_*.deb "$carry/bwrap"
"$carry/bwrap/usr/bin/bwrap" --version
