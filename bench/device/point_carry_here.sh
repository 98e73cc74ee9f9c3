#!/usr/bin/env bash
# On the GPU machine: points a carried grader (build-carry-hangs/, from grader_hangs_carry.sh) at this
# machine's sources, compilers and libcu++, as grader_hangs_gpu.sh does before it grades.
set -euo pipefail
mkdir -p build-carry-hangs/cccl
for d in cuda nv; do ln -sfn /usr/local/cuda/include/cccl/$d build-carry-hangs/cccl/$d; done
python3 - "$(command -v c++ || command -v g++)" <<'PY'
import json, os, sys
root = os.getcwd()
p = "build-carry-hangs/bin/scanlab-grader.json"
d = json.load(open(p))
d.update(cxx=sys.argv[1], source_dir=root, bin_dir=f"{root}/build-carry-hangs/bin",
         rewriter=f"{root}/build-carry-hangs/cpu_backend/rewriter/scanlab-cu2cpp",
         cpu_include=f"{root}/cpu_backend/include", common_include=f"{root}/common/include",
         cccl_include=f"{root}/build-carry-hangs/cccl", nvcc="/usr/local/cuda/bin/nvcc")
json.dump(d, open(p, "w"), indent=2)
PY
