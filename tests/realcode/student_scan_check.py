#!/usr/bin/env python3
"""Decides whether a student scan program's output is right, for tests/realcode/student_scans.sh.

    student_scan_check.py CHECK OUTPUT_FILE      prints "pass", "fail: <why>" or "none: <why>"
    student_scan_check.py --normalize OUTPUT_FILE  prints the output without timings (for comparing runs)

CHECK is one of the kinds described at the top of tests/realcode/student_scans.txt.
"""
import re
import sys

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# Lines that carry timings or bandwidths differ between any two runs; they are left out of comparisons.
TIMING = re.compile(r"time|Time|TIME|elapsed|[0-9.]\s*(ms|us|s)\b|GB/s|MiB/s|seconds|throughput|bandwidth|Bandwidth", re.I)


def close(a, b, rel=1e-3):
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))


def check_own(arg, text):
    pass_re, _, fail_re = arg.partition(":")
    if fail_re:
        bad = [l for l in text.splitlines() if re.search(fail_re, l)]
        if bad:
            return f"fail: {bad[0].strip()[:160]}"
    if pass_re and not re.search(pass_re, text):
        return f"fail: no line matches '{pass_re}'"
    return "pass"


def check_triangular(mark, text):
    at = text.find(mark)
    if at < 0:
        return f"fail: '{mark}' not printed"
    values = [float(v) for v in NUMBER.findall(text[at + len(mark):].split("\n", 1)[0])]
    if not values:
        return "fail: no numbers printed"
    for k, v in enumerate(values):
        want = (k + 1) * (k + 2) / 2
        if not close(v, want):
            return f"fail: element {k} is {v:g}, expected {want:g} ({len(values)} printed)"
    return "pass"


def check_sections(sep, text):
    blocks, current = [], []
    for line in text.splitlines():
        if line.strip() == sep:
            blocks.append(current)
            current = []
        else:
            current.append(line.rstrip())
    blocks.append(current)
    if len(blocks) < 2:
        return "fail: fewer than two sections printed"
    for i, b in enumerate(blocks[1:], start=1):
        if b != blocks[0]:
            return f"fail: section {i} differs from section 0"
    return "pass"


def check_shifted(text):
    lines = [l for l in text.splitlines() if NUMBER.search(l)]
    if len(lines) < 2:
        return "fail: fewer than two lines of numbers"
    a = [float(v) for v in NUMBER.findall(lines[0])]
    b = [float(v) for v in NUMBER.findall(lines[1])]
    for k in range(1, min(len(a), len(b))):
        if not close(a[k], b[k - 1]):
            return f"fail: exclusive[{k}] = {a[k]:g}, inclusive[{k - 1}] = {b[k - 1]:g}"
    return "pass"


def normalize(text):
    return "\n".join(l for l in text.splitlines() if not TIMING.search(l))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[2], errors="replace") as f:
        text = f.read()
    if sys.argv[1] == "--normalize":
        print(normalize(text))
        return
    kind, _, arg = sys.argv[1].partition(":")
    if kind == "own":
        print(check_own(arg, text))
    elif kind == "triangular":
        print(check_triangular(arg, text))
    elif kind == "sections":
        print(check_sections(arg, text))
    elif kind == "shifted":
        print(check_shifted(text))
    else:
        print("none: the program checks nothing and prints no result to check")


if __name__ == "__main__":
    main()
