#!/usr/bin/env python3
"""collect.py OUT_DIR [--csv FILE]: one CSV row per graded submission, from OUT_DIR/<name>/results.json.

The rows have the columns of `scanlab grade --batch`'s summary.csv (submission, score, max_score,
seconds, lab<N>..., needs_review, first_failure), so batches graded by Slurm, by the GitHub workflow or by
--batch on one machine can be merged. A submission whose task died without a results.json gets a
row with an empty score and the reason (its exit_status file, written by grade-array.sbatch).
"""
import argparse
import csv
import json
import sys
from pathlib import Path


def summarise(name, folder):
    results = folder / "results.json"
    status_file = folder / "exit_status"
    status = status_file.read_text().strip() if status_file.is_file() else "unknown"
    try:
        data = json.loads(results.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"submission": name, "first_failure": f"no results.json (grading exit status {status})"}, {}
    except (OSError, ValueError) as error:
        return {"submission": name, "first_failure": f"unreadable results.json: {error}"}, {}
    labs, max_score, first = {}, 0.0, ""
    for test in data.get("tests", []):
        extra = test.get("extra_data") or {}
        lab = extra.get("lab")
        score = float(test.get("score") or 0)
        max_score += float(test.get("max_score") or 0)
        if lab is not None:
            labs[int(lab)] = labs.get(int(lab), 0.0) + score
        # Withheld tests (no points while correctness fails) and labs that cannot be graded here
        # are not the submission's first failure.
        failed = test.get("status") == "failed" and extra.get("state", "failed") == "failed"
        if not first and failed and extra.get("graded", True):
            first = f"lab{lab}:{extra.get('diagnosis') or test.get('name', '')}"
    top = data.get("extra_data") or {}
    review = "; ".join(line.splitlines()[0] for line in top.get("needs_review", []) if line)
    if not data.get("tests") and data.get("output"):
        first = data["output"].splitlines()[0] if data["output"].strip() else ""
    row = {"submission": name, "score": f"{float(data.get('score', 0)):.2f}", "max_score": f"{max_score:.2f}",
           "seconds": f"{float(data.get('execution_time', 0)):.1f}", "needs_review": review, "first_failure": first}
    return row, labs


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--csv", type=Path, help="where to write the CSV (default: OUT_DIR/summary.csv)")
    args = parser.parse_args(argv)
    if not args.out_dir.is_dir():
        print(f"collect: {args.out_dir} is not a folder", file=sys.stderr)
        return 2
    rows, all_labs = [], set()
    for folder in sorted(p for p in args.out_dir.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if not (folder / "results.json").exists() and not (folder / "exit_status").exists():
            continue  # not a submission's folder (logs, ...)
        row, labs = summarise(folder.name, folder)
        all_labs |= set(labs)
        rows.append((row, labs))
    columns = (["submission", "score", "max_score", "seconds"] + [f"lab{n}" for n in sorted(all_labs)]
               + ["needs_review", "first_failure"])
    target = args.csv or args.out_dir / "summary.csv"
    tmp = target.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        for row, labs in rows:
            row.update({f"lab{n}": f"{labs[n]:.2f}" for n in labs})
            writer.writerow(row)
    tmp.replace(target)
    missing = sum(1 for row, _ in rows if "score" not in row)
    print(f"collect: {len(rows)} submissions -> {target}" + (f" ({missing} without results)" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
