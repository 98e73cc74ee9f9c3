#!/usr/bin/env python3
"""Compares two grader batch outputs test by test: score, status, diagnosis and output text.

Used to show that a throughput change left every verdict as it was (bench/results/grader-throughput.md):
  python3 bench/grader_verdicts_compare.py OUT_A OUT_B
Process ids and addresses (which differ between any two runs) are masked in the text."""
import json
import os
import re
import sys


def tests(folder):
    found = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json") or name == "summary.json":
            continue
        data = json.load(open(os.path.join(folder, name)))  # Gradescope's layout
        for t in data.get("tests", []):
            found[(name, t["name"])] = t
    return found


def masked(text):
    text = re.sub(r"0x[0-9a-f]+", "0x?", text or "")
    text = re.sub(r"\b(pid|process) \d+", r"\1 ?", text)
    text = re.sub(r"==\d+==", "==?==", text)
    return re.sub(r"scanlab-grade-\d+-\d+", "scanlab-grade-?", text)


a, b = tests(sys.argv[1]), tests(sys.argv[2])
differ = 0
for key in sorted(set(a) | set(b)):
    ta, tb = a.get(key), b.get(key)
    if ta is None or tb is None:
        print(f"only in one: {key}")
        differ += 1
        continue
    for field in ("score", "max_score", "status", "passed", "diagnosis"):
        if ta.get(field) != tb.get(field):
            print(f"{key} {field}: {ta.get(field)!r} != {tb.get(field)!r}")
            differ += 1
    if masked(ta.get("output")) != masked(tb.get("output")):
        print(f"{key} output differs:\n--- A\n{ta.get('output')}\n--- B\n{tb.get('output')}")
        differ += 1
print(f"{len(a)} tests compared, {differ} differences")
sys.exit(1 if differ else 0)
