#!/usr/bin/env bash
# On the GPU machine: points a carried grader (a folder laid out like build/: bin/, cpu_backend/rewriter/;
# made by grader_hangs_carry.sh) at this machine's sources, compilers and libcu++. The device scripts
# call it before they grade.
#   bash bench/device/point_carry_here.sh [CARRY_DIR=build-carry-hangs]
set -euo pipefail
carry=${1:-build-carry-hangs}
mkdir -p "$carry/cccl"
for d in cuda nv; do ln -sfn /usr/local/cuda/include/cccl/$d "$carry/cccl/$d"; done
python3 - "$(command -v c++ || command -v g++)" "$carry" <<'PY'
import json, os, sys
root = os.getcwd()
carry = f"{root}/{sys.argv[2]}"
p = f"{carry}/bin/scanlab-grader.json"
d = json.load(open(p))
# The headers the carried runners were built with, where the carry has them (jail_carry.sh),
# else this tree's.
headers = f"{carry}/src" if os.path.isdir(f"{carry}/src/cpu_backend/include") else root
d.update(cxx=sys.argv[1], source_dir=root, bin_dir=f"{carry}/bin",
         rewriter=f"{carry}/cpu_backend/rewriter/scanlab-cu2cpp",
         cpu_include=f"{headers}/cpu_backend/include", common_include=f"{headers}/common/include",
         cccl_include=f"{carry}/cccl", nvcc="/usr/local/cuda/bin/nvcc")
json.dump(d, open(p, "w"), indent=2)
PY
