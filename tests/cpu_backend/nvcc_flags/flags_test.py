#!/usr/bin/env python3
"""scanlab-nvcc with the flags course build files pass nvcc, one case per flag (CTest
nvcc-flags:<case>): each builds the tutorial vector add as a Makefile would and runs it; the
program prints two sums and __cplusplus, so the standard it was compiled under is checked too.

  flags_test.py --nvcc BIN/scanlab-nvcc --case=NAME --work DIR     (--list: the names)
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CXX17, CXX20 = "201703", "202002"

# name: (list of commands (each a list of arguments; {w} is the work folder), expected stdout of
# {w}/prog, a text the build's stderr must hold, or None). VA: the program; MAIN: a host main.
VA, MAIN = os.path.join(HERE, "vector_add.cu"), os.path.join(HERE, "main.cpp")
ONE = lambda *flags: [[*flags, VA, "-o", "{w}/prog"]]  # noqa: E731
CASES = {
    "default standard is C++17": (ONE(), CXX17, None),
    "-std=c++11": (ONE("-std=c++11"), CXX17, "-std=c++11: built as C++17"),
    "-std c++14": (ONE("-std", "c++14"), CXX17, "-std=c++14: built as C++17"),
    "-std=c++17": (ONE("-std=c++17"), CXX17, None),
    "--std=c++20": (ONE("--std=c++20"), CXX20, None),
    "-O0": (ONE("-O0"), CXX17, None),
    "-O1": (ONE("-O1"), CXX17, None),
    "-O2": (ONE("-O2"), CXX17, None),
    "-O3": (ONE("-O3"), CXX17, None),
    "-g -G": (ONE("-g", "-G"), CXX17, None),
    "-lineinfo": (ONE("-lineinfo"), CXX17, None),
    "-arch=sm_90": (ONE("-arch=sm_90"), CXX17, None),
    "-arch sm_80": (ONE("-arch", "sm_80"), CXX17, None),
    "--gpu-architecture": (ONE("--gpu-architecture=compute_90", "--gpu-code", "sm_90"), CXX17, None),
    "-gencode": (ONE("-gencode", "arch=compute_80,code=sm_80", "-gencode=arch=compute_90,code=[sm_90,compute_90]"), CXX17, None),
    "--generate-code": (ONE("--generate-code", "arch=compute_90,code=sm_90"), CXX17, None),
    "-code": (ONE("-arch=compute_90", "-code=sm_90,compute_90"), CXX17, None),
    "--use_fast_math": (ONE("--use_fast_math", "-use_fast_math"), CXX17, None),
    "-Xcompiler": (ONE("-Xcompiler", "-Wall,-Wextra", "-Xcompiler=-fno-strict-aliasing"), CXX17, None),
    "-Xptxas": (ONE("-Xptxas", "-v", "--ptxas-options=-O3"), CXX17, "ignored (no PTX"),
    "--expt-relaxed-constexpr": (ONE("--expt-relaxed-constexpr", "-expt-relaxed-constexpr"), CXX17, None),
    "--extended-lambda": (ONE("--extended-lambda", "--expt-extended-lambda"), CXX17, None),
    "-rdc=true": (ONE("-rdc=true", "--relocatable-device-code", "true"), CXX17, None),
    "-c then a link step": ([["-c", VA, "-DSEPARATE_MAIN", "-o", "{w}/va.o"], ["-c", MAIN, "-o", "{w}/main.o"],
                             ["{w}/va.o", "{w}/main.o", "-o", "{w}/prog"]], CXX17, None),
    "-dc and -dlink": ([["-dc", "-DSEPARATE_MAIN", VA, "-o", "{w}/va.o"], ["-dc", MAIN, "-o", "{w}/main.o"],
                        ["-dlink", "{w}/va.o", "{w}/main.o", "-o", "{w}/link.o"],
                        ["{w}/va.o", "{w}/main.o", "{w}/link.o", "-o", "{w}/prog"]], CXX17, None),
    "-x cu": ([["-x", "cu", "{w}/va.cpp", "-o", "{w}/prog"]], CXX17, None),
    "-l of CUDA libraries": (ONE("-lcudart", "-lcurand", "-l", "cublas", "-L/usr/local/cuda/lib64", "-m64"), CXX17, None),
    "-Xlinker": (ONE("-Xlinker", "--as-needed"), CXX17, None),
    # Contraction on and off (what it changes: tests/conformance/programs/math/fused_multiply_add*.cu).
    "-fmad=false": (ONE("-fmad=false", "--fmad", "false"), CXX17, None),
    "-fmad=true": (ONE("-fmad=true"), CXX17, None),
    "-ftz -prec-div -prec-sqrt": (ONE("-ftz=true", "-prec-div=false", "--prec-sqrt", "false"), CXX17,
                                  "-ftz=true: ignored"),
}
# Refused as nvcc refuses them: C++20 code under the default standard and -std=c++17.
REFUSED = {
    "C++20 code without -std": [],
    "C++20 code with -std=c++17": ["-std=c++17"],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", action="store_true", help="print the case names, one a line (for CMake)")
    ap.add_argument("--nvcc")
    ap.add_argument("--case")
    ap.add_argument("--work")
    a = ap.parse_args()
    if a.list:
        print("\n".join(list(CASES) + list(REFUSED)))
        return 0
    a.nvcc = os.path.abspath(a.nvcc)
    w = os.path.join(a.work, "".join(c if c.isalnum() else "_" for c in a.case))
    shutil.rmtree(w, ignore_errors=True)
    os.makedirs(w)
    shutil.copy(VA, os.path.join(w, "va.cpp"))
    shutil.copy(os.path.join(HERE, "host_main.h"), w)
    cxx20 = os.path.join(HERE, "cxx20_only.cu")
    if a.case in REFUSED:
        p = subprocess.run([a.nvcc, *REFUSED[a.case], cxx20, "-o", os.path.join(w, "prog")], capture_output=True, text=True)
        ok = p.returncode != 0 and "consteval" in p.stderr
        q = subprocess.run([a.nvcc, "-std=c++20", cxx20, "-o", os.path.join(w, "prog20")], capture_output=True, text=True)
        ok = ok and q.returncode == 0
        print(("ok: " if ok else "FAIL: ") + f"{a.case} is refused, and builds with -std=c++20\n{p.stderr[-1500:]}{q.stderr[-500:]}")
        return 0 if ok else 1
    commands, expected, note = CASES[a.case]
    stderr = ""
    for args in commands:
        cmd = [a.nvcc] + [x.replace("{w}", w) for x in args]
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=w)
        stderr += p.stderr
        print("+ " + " ".join(cmd) + ("\n" + p.stderr if p.stderr else ""))
        if p.returncode != 0:
            print(f"FAIL: exit status {p.returncode}")
            return 1
    run = subprocess.run([os.path.join(w, "prog")], capture_output=True, text=True, timeout=60)
    want = f"2 1998 {expected}\n"
    if run.stdout != want or run.returncode != 0:
        print(f"FAIL: printed {run.stdout!r} (exit {run.returncode}), want {want!r}")
        return 1
    if note and note not in stderr:
        print(f"FAIL: the build did not say {note!r}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
