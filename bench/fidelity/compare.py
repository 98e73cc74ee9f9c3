#!/usr/bin/env python3
"""How far the CPU backend's fast-math intrinsics are from a GPU's: reads the raw results that
bench/fidelity/fast_math.cu wrote on each (GPU.bin CPU.bin) and prints, per intrinsic, the share of
bit-identical results and the largest and median distance in units in the last place (ulp), as a
Markdown table for docs/fidelity.md. Absolute error is given where the value is near 0 (sin, cos)."""
import array
import math
import statistics
import struct
import sys

N = 1 << 18
NAMES = ["__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf", "__tanf", "__powf", "__fdividef"]


def ordered(bits):
    """Float bits as an integer that counts ulps across zero."""
    return bits if bits < 0x80000000 else 0x80000000 - bits


def as_float(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def main(gpu_path, cpu_path):
    gpu, cpu = array.array("I"), array.array("I")
    gpu.frombytes(open(gpu_path, "rb").read())
    cpu.frombytes(open(cpu_path, "rb").read())
    print("| intrinsic | bit-identical | largest ulp distance | median (where they differ) | largest absolute difference |")
    print("|---|---:|---:|---:|---:|")
    for f, name in enumerate(NAMES):
        same, ulps, absolute = 0, [], 0.0
        for i in range(f * N, (f + 1) * N):
            g, c = gpu[i], cpu[i]
            if g == c:
                same += 1
                continue
            gf, cf = as_float(g), as_float(c)
            if math.isnan(gf) or math.isnan(cf):
                ulps.append(float("inf"))
                continue
            ulps.append(abs(ordered(g) - ordered(c)))
            if math.isfinite(gf) and math.isfinite(cf):
                absolute = max(absolute, abs(gf - cf))
        largest = max(ulps) if ulps else 0
        med = statistics.median(ulps) if ulps else 0
        print(f"| `{name}` | {same / N:.1%} | {largest:g} | {med:g} | {absolute:.3g} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
