#!/usr/bin/env python3
"""Sums a grader trace (SCANLAB_GRADER_TRACE) by kind of step: count, total and mean seconds.

Each line is "<start s> <seconds> <step>"; runs are grouped by program (and, for a runner, by what
it did: time, check-device, probe, or a case), compute-sanitizer by tool."""
import collections
import sys


def kind(step):
    words = step.split()
    if words[0] != "run":
        return words[0] if words[0] != "lock-wait" else " ".join(words[:2])
    program = words[2]
    if program == "compute-sanitizer":
        return f"run compute-sanitizer {words[4]}"
    if program.startswith("scanlab-runner"):
        for flag in ("--time", "--check-device", "--probe"):
            if flag in words:
                return f"run {program} {flag[2:]}"
    return f"run {program}"


totals = collections.defaultdict(lambda: [0, 0.0])
end = 0.0
for line in open(sys.argv[1]):
    start, seconds, step = line.split(" ", 2)
    totals[kind(step.strip())][0] += 1
    totals[kind(step.strip())][1] += float(seconds)
    end = max(end, float(start) + float(seconds))
print(f"{sys.argv[1]}: last step ended at {end:.1f} s")
print(f"{'step':48s} {'count':>6s} {'total s':>9s} {'mean s':>8s}")
for name, (count, total) in sorted(totals.items(), key=lambda kv: -kv[1][1]):
    print(f"{name:48s} {count:6d} {total:9.2f} {total / count:8.3f}")
