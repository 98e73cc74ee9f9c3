#!/usr/bin/env python3
"""Tests of `scanlab grade` as a command (CTest label `grader`): exit codes, reports, batch
output, hidden seeds, the GPU backend on a machine without a GPU, and the Gradescope driver.

    cli_tests.py TEST --scanlab BIN --source DIR --work DIR

Each test grades lab 1 or 2 on the CPU backend with tests/grader/rubric.json (seconds). Exit 0:
passed, 1: failed (with the reason), 77: skipped (CTest's SKIP_RETURN_CODE).
"""
import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SKIP = 77


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(args, env=None, timeout=240):
    full_env = dict(os.environ)
    full_env.pop("SCANLAB_GRADER_SEED", None)
    full_env.update(env or {})
    p = subprocess.run(args, env=full_env, capture_output=True, text=True, timeout=timeout)
    print(f"$ {' '.join(args)}\n-> exit {p.returncode}\n{p.stdout}{p.stderr}")
    return p


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def gpu_present():
    if shutil.which("nvidia-smi"):
        try:
            p = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60)
            if p.returncode == 0 and "GPU" in p.stdout:
                return True
        except (OSError, subprocess.TimeoutExpired):
            pass
    return os.path.exists("/dev/nvidia0")


def test_gpu_without_gpu(o):
    if gpu_present():
        print("SKIPPED: this machine has a GPU (the test is about a machine without one)")
        return SKIP
    work = fresh(os.path.join(o.work, "gpu-missing"))
    results = os.path.join(work, "results.json")
    p = run([o.scanlab, "grade", "--lab", "1", "--backend", "gpu", "--rubric", o.rubric,
             "--submission", os.path.join(o.source, "solutions"), "--results", results])
    check(p.returncode == 4, f"exit status {p.returncode}, expected 4 (this machine cannot grade)")
    check("no usable GPU" in p.stderr, "stderr lacks 'no usable GPU'")
    check("Nothing was graded" in p.stderr, "stderr lacks 'Nothing was graded'")
    check(not os.path.exists(results), "a results file (a grade) was written")
    check("0.00/" not in p.stdout, "a score table was printed")


TESTS = {
    "gpu-without-gpu": test_gpu_without_gpu,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("test", choices=sorted(TESTS))
    parser.add_argument("--scanlab", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--work", required=True)
    o = parser.parse_args()
    o.source = os.path.abspath(o.source)
    o.rubric = os.path.join(o.source, "tests", "grader", "rubric.json")
    try:
        rc = TESTS[o.test](o)
    except Failure as e:
        print(f"FAILED: {o.test}: {e}")
        return 1
    if rc == SKIP:
        return SKIP
    print(f"passed: {o.test}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
