#!/usr/bin/env bash
# Installs what scanlab needs on a fresh Debian 12 or Ubuntu 24.04 machine; safe to run again.
#
#   tools/setup-debian.sh             everything `make test` uses: the build, the lecture notes,
#                                     and what the tests need on top (browser, JSON/XML checks)
#   tools/setup-debian.sh --student   what `make labN` and `make docs` need, nothing more
#   tools/setup-debian.sh --list      print the Debian packages it would consider, and stop
#
# Run it as yourself: it asks sudo for apt-get when you are not root (as root, no sudo is needed).
# It installs only the packages that are missing, then CCCL's headers (libcu++, for the CPU
# backend) from PyPI into ~/.local/share/scanlab/cccl, unless a CUDA toolkit or an earlier run
# already provides them.
# instructor-only
# These lists are the only ones: CI (.ci/run) runs this script too.
# /instructor-only

set -euo pipefail

# Building the labs, the CPU backend and the grader.
build=(build-essential cmake ninja-build catch2 libfmt-dev libboost-context-dev libcli11-dev
       nlohmann-json3-dev python3-pip bubblewrap)
# The lecture notes' site (`make docs`): mkdocs, its theme, and MathJax served from the site.
notes=(mkdocs mkdocs-material python3-pymdownx libjs-mathjax)
# The test suite on top: report validation (grader) and the site's browser test (CTest label docs).
tests=(python3-jsonschema python3-lxml chromium chromium-driver python3-selenium python3-pil)
# The class report of a graded batch (`scanlab report`): copydetect's own dependencies, from Debian;
# copydetect itself comes from PyPI below.
report=(python3-numpy python3-matplotlib python3-jinja2 python3-pygments python3-tqdm)

mode=all
case "${1:-}" in
  "") ;;
  --student) mode=student ;;
  --list) mode=list ;;
  -h|--help) sed -n '2,/^$/p' "$0" | grep -v 'instructor-only' | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "setup-debian: unknown option $1 (try --help)" >&2; exit 2 ;;
esac

packages=("${build[@]}" "${notes[@]}")
[[ $mode == student ]] || packages+=("${tests[@]}" "${report[@]}")
if [[ $mode == list ]]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
  echo "setup-debian: this script is for Debian and Ubuntu (no dpkg-query/apt-get here)." >&2
  echo "  Install the equivalents of: ${packages[*]}" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup-debian: every package is installed already."
else
  if [[ $(id -u) -eq 0 ]]; then
    as_root=()
  elif command -v sudo >/dev/null; then
    as_root=(sudo)
  else
    echo "setup-debian: missing: ${missing[*]}. Installing them needs root: run this script as root," >&2
    echo "  or install sudo first." >&2
    exit 1
  fi
  echo "setup-debian: installing with ${as_root[*]:+sudo }apt-get: ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# pip install into a folder of scanlab's (pip_into FOLDER [pip options] PACKAGE). Debian 13 and
# Ubuntu 24.04 refuse pip installs outside a virtual environment (PEP 668) even into a --target
# folder of one's own; --break-system-packages only lifts that check (the folder is scanlab's,
# nothing of the system's changes). Older pips do not know the option.
pip_into() {
  local target=$1; shift
  local pip_args=(--quiet --upgrade --target "$target")
  local pip_help; pip_help=$(python3 -m pip install --help 2>/dev/null || true)
  [[ $pip_help != *--break-system-packages* ]] || pip_args+=(--break-system-packages)
  [[ $pip_help != *--root-user-action* ]] || pip_args+=(--root-user-action=ignore)
  python3 -m pip install "${pip_args[@]}" "$@"
}

# CCCL (libcu++: <cuda/atomic>, <cuda/std/...>) for the CPU backend: a CUDA toolkit brings its own;
# otherwise the PyPI package, in the folder cmake/ScanlabCccl.cmake looks in first. The version is
# pinned to one the whole test suite passed with: a new CCCL has broken the backend's build
# before, so it is upgraded here on purpose, after that check.
# instructor-only
# The check: tools/check-platforms.sh debian13 (no CUDA toolkit there). Last checked:
# nvidia-cuda-cccl 13.3.5.0.6 (CCCL 3.5.0), 2026-11-28.
# /instructor-only
cccl_version=13.3.5.0.6
cccl_target="$HOME/.local/share/scanlab/cccl"
if command -v nvcc >/dev/null || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  echo "setup-debian: CCCL comes with the CUDA toolkit here; nothing to download."
elif [[ -d $cccl_target/nvidia_cuda_cccl-$cccl_version.dist-info ]]; then
  echo "setup-debian: CCCL's headers (nvidia-cuda-cccl $cccl_version) are in $cccl_target already."
else
  echo "setup-debian: CCCL's headers from PyPI (nvidia-cuda-cccl $cccl_version) into $cccl_target"
  pip_into "$cccl_target" "nvidia-cuda-cccl==$cccl_version"
fi

# copydetect (the class report's similarity check), pinned like CCCL, into a folder of scanlab's
# that bin/scanlab-report puts on Python's path; its dependencies are the Debian packages above.
copydetect_version=0.5.0
copydetect_target="$HOME/.local/share/scanlab/python"
if [[ $mode != student ]]; then
  if [[ -d $copydetect_target/copydetect-$copydetect_version.dist-info ]]; then
    echo "setup-debian: copydetect $copydetect_version is in $copydetect_target already."
  else
    echo "setup-debian: copydetect $copydetect_version from PyPI into $copydetect_target (the class report)"
    pip_into "$copydetect_target" --no-deps "copydetect==$copydetect_version"
  fi
fi

if [[ $mode == student ]]; then
  echo "setup-debian: done. Next: make lab1 (see README.md)."
else
  echo "setup-debian: done. Next: make test."
fi
