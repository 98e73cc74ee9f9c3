#!/usr/bin/env python3
"""What the access checks cost: each lab's reference check on the detector-sized cases, checked
(--access-checks) and unchecked, alternating, median of several runs (whole process: start-up,
input, both calls of scan() and the output check).

    python3 bench/access_checks_cost.py BUILD_DIR [--repeats 7] [--sizes 1024,3089,4101,8192]

Prints a Markdown table (bench/results/access-checks.md keeps the recorded one). The target
(issue 17): a checked run at most 5x an unchecked one.
"""
import argparse
import statistics
import subprocess
import time
from pathlib import Path


def wall(cmd) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--sizes", default="1024,3089,4101,8192")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    checks = sorted(Path(args.build, "bin").glob("lab*-check-solution-cpu")) + \
        sorted(Path(args.build, "bin").glob("lab8-*-check-advanced-cpu"))
    print("| check | n | unchecked (s) | checked (s) | checked / unchecked |")
    print("|---|---|---|---|---|")
    worst = 0.0
    for check in checks:
        for n in sizes:
            base = [str(check), "--n", str(n), "--seed", "1", "--quiet", "--color", "never"]
            plain, checked = [], []
            for _ in range(args.repeats):
                plain.append(wall(base))
                checked.append(wall(base + ["--access-checks"]))
            p, c = statistics.median(plain), statistics.median(checked)
            worst = max(worst, c / p)
            name = check.name.replace("-check-", " ").replace("-cpu", "")
            print(f"| {name} | {n} | {p:.3f} | {c:.3f} | {c / p:.2f}x |")
    print(f"\nworst ratio: {worst:.2f}x (target <= 5x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
