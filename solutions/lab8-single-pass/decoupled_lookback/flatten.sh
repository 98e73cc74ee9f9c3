#!/usr/bin/env bash
# Prints lab 8's advanced reference as one self-contained .cu file: decoupled_lookback.cu with the
# headers of decoupled_lookback/ that it includes written in place of their #include lines (each
# once, where it is first included; `#pragma once` left out). For what takes a single file: the
# grader, which grades one scan.cu (bench/device/class_report_gpu.sh), and research/smalln's
# copies of the reference ("before" versions, variant_edits.py).
#
#   bash solutions/lab8-single-pass/decoupled_lookback/flatten.sh [REV] > decoupled_lookback_one_file.cu
#
# REV: take the files as they are at that git revision (git show; nothing of git's state
# changes); without it, the working tree's. A revision from before the reference was split into
# these headers gives its one file as it was. The kernels' code is the same token for token, in
# the same order, so the file compiles to the same PTX (nvcc names the anonymous namespace after
# the file's path: compare from one path, as tools/check_ptx_unchanged.sh does).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && git rev-parse --show-toplevel)
rev=${1:-}
declare -A seen=()

read_file() {  # path relative to the repository
  if [[ -n $rev ]]; then git -C "$root" show "$rev:$1"; else cat "$root/$1"; fi
}

inline() {  # path relative to the repository
  local file=$1 dir line target
  dir=$(dirname "$file")
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line =~ ^#include\ \"([^\"]+)\" ]]; then
      target=$(realpath -m --relative-to=/ "/$dir/${BASH_REMATCH[1]}")
      if [[ -z ${seen[$target]:-} ]]; then
        seen[$target]=1
        printf '// ==== %s (inlined by flatten.sh) ====\n' "$target"
        inline "$target"
        printf '// ==== end of %s ====\n' "$target"
      fi
    elif [[ $line != "#pragma once" ]]; then
      printf '%s\n' "$line"
    fi
  done < <(read_file "$file")
}

inline solutions/lab8-single-pass/decoupled_lookback.cu
