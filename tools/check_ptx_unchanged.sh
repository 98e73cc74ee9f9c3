#!/usr/bin/env bash
# Developers only: not part of a student release.     SCANLAB-INSTRUCTOR-ONLY
# Does a change of lab 8's advanced reference leave its kernels' code alone? Compiles
# solutions/lab8-single-pass/decoupled_lookback.cu (with the headers it includes) as it is at a git
# revision and as it is in the working tree, to PTX and to an object file, and compares them.
#
#   tools/check_ptx_unchanged.sh [REV] [--keep DIR]
#
# REV: the revision to compare with (default HEAD). Nothing of git's state changes: the old files
# come out of `git archive` into a scratch folder. --keep DIR keeps the PTX files there
# (<rev|tree>.<flags>.sm_<arch>.ptx). NVCC picks the compiler (default: nvcc on PATH, else
# /usr/local/cuda/bin/nvcc); no GPU is needed.
#
# Two sets of flags, each for every architecture it is built for:
#   lab    the lab's GPU build (cmake/ScanlabLab.cmake, scanlab_add_cuda_target, RelWithDebInfo):
#          -O2 -lineinfo, -DSCANLAB_BACKEND_GPU=1, the lab's include folders; sm_80 and sm_90 (the
#          architectures a build without a visible GPU targets); the lines that only say which file
#          and line an instruction came from (`.loc`, `.file`) are left out of the comparison;
#   bench  bench/device/determinism.sh's: -O3, sm_90, no line information: compared as they are.
# And the host side (scan(), the launches): an object file of each (-c, -O2, sm_90, no line
# information), whose host code (.text, by objdump) and embedded GPU code (.nv_fatbin) must be the
# same bytes.
# Exit status 0 when every pair is the same, 1 when one differs (its diff is printed), 2 when a
# compile fails.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

rev=HEAD
keep=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '3,24p' "$0"; exit 0 ;;
    *) rev=$1; shift ;;
  esac
done
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
entry=solutions/lab8-single-pass/decoupled_lookback.cu

folders=(solutions/lab8-single-pass labs/lab8-single-pass common/include)
work=$(mktemp -d /tmp/check_ptx.XXXXXX)
trap 'rm -rf "$work"' EXIT
[[ -n $keep ]] && mkdir -p "$keep"
rev_name=$(git rev-parse --short "$rev")

# Both versions are compiled from the same folder, $work/src: nvcc names what is in an anonymous
# namespace after the source file's path (_INTERNAL_<hash of the path>), so another folder would
# rename every kernel.
checkout() {  # old | tree
  rm -rf "$work/src"
  mkdir -p "$work/src"
  if [[ $1 == old ]]; then
    git archive "$rev" "${folders[@]}" | tar -x -C "$work/src"
  else
    for f in "${folders[@]}"; do
      mkdir -p "$work/src/$(dirname "$f")"
      cp -r "$f" "$work/src/$f"
    done
  fi
}

compile() {  # root flags arch out
  local root=$1 flags=$2 arch=$3 out=$4
  local common=(-std=c++17 -DSCANLAB_BACKEND_GPU=1 -I "$root/labs/lab8-single-pass" -I "$root/common/include")
  if [[ $flags == lab ]]; then
    common+=(-O2 -DNDEBUG -lineinfo)
  else
    common+=(-O3)
  fi
  if ! "$nvcc" "${common[@]}" -arch="sm_$arch" -ptx "$root/$entry" -o "$out" 2>"$out.log"; then
    echo "check_ptx_unchanged: the compile of $root/$entry ($flags, sm_$arch) failed:" >&2
    cat "$out.log" >&2
    exit 2
  fi
  # Which file and line an instruction came from: not the code.
  grep -v -E '^[[:space:]]*\.(loc|file)[[:space:]]' "$out" >"$out.code" || true
}

configs=("lab 80" "lab 90" "bench 90")
for version in old tree; do
  checkout $version
  for config in "${configs[@]}"; do
    read -r flags arch <<<"$config"
    compile "$work/src" "$flags" "$arch" "$work/$version.$flags.sm_$arch.ptx"
  done
  if ! "$nvcc" -std=c++17 -DSCANLAB_BACKEND_GPU=1 -I "$work/src/labs/lab8-single-pass" -I "$work/src/common/include" \
       -O2 -DNDEBUG -arch=sm_90 -c "$work/src/$entry" -o "$work/$version.o" 2>"$work/$version.o.log"; then
    echo "check_ptx_unchanged: the object compile ($version) failed:" >&2
    cat "$work/$version.o.log" >&2
    exit 2
  fi
  objdump -d --no-show-raw-insn -j .text "$work/$version.o" | tail -n +4 >"$work/$version.text"
  objcopy -O binary --only-section=.nv_fatbin "$work/$version.o" "$work/$version.fatbin"
done

status=0
for config in "${configs[@]}"; do
  read -r flags arch <<<"$config"
  entries=$(grep -c '^\.visible \.entry\|^\.entry' "$work/tree.$flags.sm_$arch.ptx" || true)
  lines=$(wc -l <"$work/tree.$flags.sm_$arch.ptx.code")
  if diff -q "$work/old.$flags.sm_$arch.ptx.code" "$work/tree.$flags.sm_$arch.ptx.code" >/dev/null; then
    echo "same PTX: $flags flags, sm_$arch ($entries kernels, $lines lines compared; $rev_name against the working tree)"
  else
    echo "DIFFERENT PTX: $flags flags, sm_$arch ($rev_name against the working tree):"
    diff "$work/old.$flags.sm_$arch.ptx.code" "$work/tree.$flags.sm_$arch.ptx.code" | head -60 || true
    status=1
  fi
  if [[ -n $keep ]]; then
    cp "$work/old.$flags.sm_$arch.ptx" "$keep/$rev_name.$flags.sm_$arch.ptx"
    cp "$work/tree.$flags.sm_$arch.ptx" "$keep/tree.$flags.sm_$arch.ptx"
  fi
done
if cmp -s "$work/old.text" "$work/tree.text" && cmp -s "$work/old.fatbin" "$work/tree.fatbin"; then
  echo "same object: host code and embedded GPU code, -O2 sm_90 ($(wc -l <"$work/tree.text") lines of host code)"
else
  echo "DIFFERENT object: host code or embedded GPU code ($rev_name against the working tree):"
  diff "$work/old.text" "$work/tree.text" | head -40 || true
  cmp "$work/old.fatbin" "$work/tree.fatbin" || true
  status=1
fi
exit $status
