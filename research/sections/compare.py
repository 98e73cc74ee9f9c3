#!/usr/bin/env python3
"""Each lab's references against the fastest scan of the lab's shape, from one device run of
bench/device/sections_round.sh: the benchmark's labs-large-*.json and best_sections' logs
(best-sections-*.log), run alternately in the same session.

    python3 research/sections/compare.py bench/results/sections-round/h100

Prints a Markdown table: per lab, the median time of the taught and the advanced reference over
the runs, the best of the shape, and best / reference (1.0: as fast as the shape allows).
"""
import glob
import json
import os
import re
import statistics
import sys

SHAPE = {2: "labs 2, 3", 3: "labs 2, 3", 4: "lab 4", 5: "lab 5"}


def best_times(folder):
    """{(shape label, log2 n): [us, ...]} from every best-sections-*.log."""
    times = {}
    line = re.compile(r"^(labs 2, 3|lab 4|lab 5)\s.*n = 2\^(\d+)\s+([\d.]+) us")
    for path in sorted(glob.glob(os.path.join(folder, "best-sections-*.log"))):
        with open(path) as f:
            for text in f:
                m = line.match(text)
                if m:
                    times.setdefault((m.group(1), int(m.group(2))), []).append(float(m.group(3)))
    return times


def lab_times(folder):
    """{(name, log2 n): [us, ...]} from every labs-large-*.json."""
    times = {}
    for path in sorted(glob.glob(os.path.join(folder, "labs-large-*.json"))):
        with open(path) as f:
            for p in json.load(f)["points"]:
                if p.get("status") == "ok":
                    times.setdefault((p["name"], p["log2n"]), []).append(p["median_us"])
    return times


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    best, labs = best_times(folder), lab_times(folder)
    print("| lab | n | taught, us | advanced, us | best of the shape, us | best / taught | best / advanced |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for lab in (2, 3, 4, 5):
        for k in (24, 26, 28):
            b = best.get((SHAPE[lab], k))
            taught, advanced = labs.get((f"lab{lab}-solution", k)), labs.get((f"lab{lab}-advanced", k))
            if not (b and taught and advanced):
                continue
            b, taught, advanced = (statistics.median(v) for v in (b, taught, advanced))
            print(f"| {lab} | 2^{k} | {taught:.1f} | {advanced:.1f} | {b:.1f} | {b / taught:.2f} | {b / advanced:.2f} |")


if __name__ == "__main__":
    main()
