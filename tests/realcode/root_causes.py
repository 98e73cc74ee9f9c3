#!/usr/bin/env python3
"""Names the root causes behind the compiler errors of a cuda_samples.sh run, with counts.

    root_causes.py OUT_DIR            Markdown: one row per root cause (samples it blocks, one exact error line)

A sample counts once per cause it hits (most hit several). The causes are the patterns below: each
maps compiler messages to the gap in the CPU backend that produces them, as read from the logs by
hand (tests/realcode/FAILURES.md). Messages no pattern names are listed at the end, so a new
failure class shows up instead of hiding in a count.
"""
import collections
import csv
import pathlib
import re
import sys

# (root cause, regex over one compiler error line). Order matters only for the report.
CAUSES = [
    ("helper_cuda.h: `__DRIVER_TYPES_H__` is not defined, so `checkCudaErrors`/`getLastCudaError` are compiled out",
     r"‘(checkCudaErrors|getLastCudaError)’ (was not declared|must be available)|no arguments to ‘(checkCudaErrors|getLastCudaError)’"),
    ("helper_cuda.h: `__CUDA_RUNTIME_H__` is not defined, so `findCudaDevice`/`gpuDeviceInit`/`checkCudaCapabilities` are compiled out",
     r"‘(findCudaDevice|gpuDeviceInit|checkCudaCapabilities|gpuGetMaxGflopsDeviceId)’"),
    ("`<cooperative_groups.h>` rejected outright (block/warp-level groups are in scope)",
     r"cooperative groups are not supported|‘cooperative_groups’ is not a namespace|‘cg’ (has not been declared|does not name)|‘(cta|tile|thread_block|thread_group|thread_block_tile|tiled_partition|threadBlockGroup|tiledPartition16)’ was not declared|before ‘(cta|tile)’|‘sumReduction’ cannot be used"),
    ("a header scanlab lacks falls through to the toolkit's (`cuda_profiler_api.h` -> real `driver_types.h`/`vector_types.h`): redefinitions",
     r"/usr/local/(cuda[^/]*/)?(include|targets)/.*error: |conflicting declaration ‘typedef int cudaError_t’|using typedef-name ‘using cudaError"),
    ("`cudaDeviceProp` fields missing",
     r"‘struct cudaDeviceProp’ has no member"),
    ("device attributes / runtime enums and flags missing (`cudaDevAttr*`, `cudaDeviceMapHost`, `cudaHostAllocPortable`, `cudaLimit*`, `cudaFuncCache*`, ...)",
     r"‘(cudaDevAttr\w+|cudaDeviceMapHost|cudaDeviceBlockingSync|cudaHostAllocPortable|cudaLimit\w+|cudaFuncCache\w+|cudaAccessProperty\w+|cudaMemPoolAttr\w+)’ was not declared"),
    ("runtime API functions missing (`cudaStreamAddCallback`, `cudaSetDeviceFlags`, `cudaFuncSetCacheConfig`, `cudaDeviceGetStreamPriorityRange`, stream attributes, mem pools, ...)",
     r"‘(cuda[A-Z]\w+)’ was not declared in this scope(?!.*(cudaDevAttr|cudaLimit|cudaFuncCache|cudaAccessProperty|cudaMemPoolAttr))|‘cudaAccessPolicyWindow’ does not name"),
    ("runtime functions rejected with a message though in scope (`cudaMallocAsync`/`cudaFreeAsync`, occupancy queries, `cudaCtxResetPersistingL2Cache`)",
     r"static assertion failed: scanlab CPU backend: (cudaMallocAsync|cudaFreeAsync|cudaOccupancy\w+|cudaCtxResetPersistingL2Cache)"),
    ("`CUDART_CB` (callback calling convention macro) missing",
     r"expected initializer before ‘myStreamCallback’|‘myStreamCallback’ was not declared"),
    ("atomics: `template <class T> T atomicOp(T*, T)` instead of CUDA's overloads, so mixed int/unsigned arguments do not convert",
     r"no matching function for call to ‘atomic\w+\("),
    ("device intrinsics missing (`__fadd_rd`.. directed rounding, `__mul24`, `umin`)",
     r"‘(__[fd](add|mul|div|sqrt)_r[duz]|__mul24|__umul24|umin|umax)’"),
    ("vector types missing (`uchar4`, ...)",
     r"‘u?(char|short|long|longlong)\d’ does not name a type"),
    ("`cudaMalloc` with a typed pointer (`int**`) does not convert to `void**` (CUDA has a template overload)",
     r"invalid conversion from ‘\w+\*\*’ to ‘void\*\*’"),
    ("libcu++ `<cuda/std/...>` headers missing",
     r"cuda/(std/)?\w+: No such file"),
    ("kernel launch: argument count/types checked without C++ call semantics (default arguments, conversions)",
     r"kernel launched with the wrong number of arguments|std::tuple<.*>::(tuple|__valid_args)|enable_if<false, bool>"),
    ("driver API types/constants used by helper headers on host (`CUresult`, `CUdevice_attribute`, `CU_DEVICE_ATTRIBUTE_*`, `CUDA_SUCCESS`)",
     r"‘(CUresult|CUdevice_attribute|CU_DEVICE_ATTRIBUTE_\w+|CUDA_SUCCESS)’"),
    ("`CUDART_VERSION` not defined (`#if CUDART_VERSION >= 2020` silently takes the old-toolkit branch)",
     r"‘(CUDART_VERSION|print_NVCC_min_spec|setRetirementCount)’"),
    ("`__CUDACC__` not defined, so helper_math.h adds host `min`/`max`/`rsqrtf`/`lerp` that clash with scanlab's",
     r"redefinition of ‘(int max|int min|float rsqrtf)|‘float lerp\(float, float, float\)’ conflicts"),
    ("`#include` of a `.cuh` found through `-I` is not found by scanlab-cu2cpp (it searches only the file's directory)",
     r"cannot find \".*\.cuh\" \(searched"),
    ("`__shared__` in an included file the rewriter did not process (a `.cu` included by a `.cu`, or a `.h`)",
     r"__shared__ in a header the CPU backend did not rewrite"),
    ("built-in variable macros break ordinary C++ (`threadIdx`/`blockDim` etc. expand inside scanlab or user code)",
     r"thread_context\.h:\d+:\d+: error: expected|before ‘static_cast’"),
    ("a kernel sharing its name with a host function / overloaded kernels cannot be launched",
     r"no matches converting function ‘\w+’ to type ‘void \(\*\)\(\)’"),
]

ERROR_LINE = re.compile(r"(fatal )?error: |undefined reference")


def build_errors(out):
    for log in sorted((out / "logs").glob("*.build.log")):
        name = log.name[: -len(".build.log")]
        lines = [l.strip() for l in log.read_text(errors="replace").splitlines() if ERROR_LINE.search(l)]
        yield name, lines


def shorten(line):
    line = re.sub(r"/tmp/scanlab-nvcc\.\w+/\d+-", "", line)
    return re.sub(r"/work/realcode/[^ ]*?/(Samples|cpu_backend|Common)/", r"\1/", line)[:260]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    # Samples nvcc cannot compile are not counted; a sample that builds has no build errors anyway.
    statuses = {}
    csv_path = out / "cuda_samples.csv"
    if csv_path.exists():
        for row in csv.DictReader(csv_path.open()):
            statuses[row["sample"].split("/")[-1]] = row
    blocked = collections.defaultdict(set)
    example = {}
    unmatched = collections.defaultdict(set)
    for name, lines in build_errors(out):
        row = statuses.get(name)
        if row is None or row["nvcc"] == "no" or row["scanlab_build"] == "yes":
            continue
        for line in lines:
            hit = False
            for cause, pattern in CAUSES:
                if re.search(pattern, line):
                    blocked[cause].add(name)
                    example.setdefault(cause, shorten(line))
                    hit = True
                    break
            if not hit:
                unmatched[re.sub(r"^.*?error: ", "", shorten(line))].add(name)

    print("| root cause | samples | which | one exact error line |")
    print("|---|---|---|---|")
    for cause, _ in sorted(CAUSES, key=lambda c: -len(blocked[c[0]])):
        if blocked[cause]:
            names = sorted(blocked[cause])
            print(f"| {cause} | {len(names)} | {', '.join(names)} | `{example[cause]}` |")
    runtime = [r for r in statuses.values() if r["scanlab_build"] == "yes" and r["status"] != "passed"]
    if runtime:
        print()
        print("Built but did not pass:")
        print()
        for r in runtime:
            print(f"- {r['sample']}: {r['status']}: `{r['reason'][:240]}`")
    if unmatched:
        print()
        print("Error messages no root cause above names yet:")
        print()
        for msg, names in sorted(unmatched.items(), key=lambda kv: -len(kv[1])):
            print(f"- {len(names)} ({', '.join(sorted(names))}): `{msg[:200]}`")


if __name__ == "__main__":
    main()
