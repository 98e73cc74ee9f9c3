#!/usr/bin/env python3
"""Compares what the CPU backend and a GPU printed for the programs of published_programs.txt.

    compare_published.py CPU_DIR GPU [--table published_programs.txt] [--write RESULTS.md]

CPU_DIR holds <id>.out and <id>.rc (the committed CPU-backend run: tests/realcode/results/published-programs-cpu/). GPU is the folder the GPU run
wrote (DIR with <id>.out, <id>.rc) or its --pack archive (DIR.tgz).

Each program's standard output is compared line by line, exactly, after the table's `volatile`
regexes (column 11: timings, bandwidths, device names) have replaced their matches by <v> on both
sides; nothing else is masked and no tolerance is applied, so a floating-point result that differs in
its last printed digit is a difference. Verdicts:

    yes          identical (after the masks), and the same exit status
    order-only   the same lines, in a different order (e.g. device printf from different blocks)
    no: ...      a difference: the first differing line of each, and how many lines differ; "numbers
                 only" when the differing lines are equal with every number taken out
    n/a: ...     one side has no output to compare (build failed, rejected, crashed, timed out, skipped)

Prints one line per program. With --write, fills the "same as H200" column of RESULTS.md (the table
whose header has that column; rows are found by their first cell, the id) and of RESULTS.csv beside
it (column same_as_h200), leaving everything else as it is.
"""
import argparse
import csv
import io
import os
import re
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)", re.I)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def read_table(path):
    rows = {}
    order = []
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in line.rstrip("\n").split(" | ")]
        # Column 10 may hold "|" inside its regexes: the id is first and the masks are last.
        pid = cells[0]
        masks = cells[-1]
        patterns = [] if masks in ("-", "") else [m.strip() for m in masks.split(" ;; ")]
        rows[pid] = [re.compile(p) for p in patterns]
        order.append(pid)
    return order, rows


class Outputs:
    """<id>.out and <id>.rc from a folder or from a .tgz of them."""

    def __init__(self, where):
        self.files = {}
        if os.path.isdir(where):
            for name in os.listdir(where):
                if name.endswith((".out", ".rc")):
                    with open(os.path.join(where, name), "rb") as f:
                        self.files[name] = f.read()
        elif tarfile.is_tarfile(where):
            with tarfile.open(where) as tar:
                for member in tar.getmembers():
                    name = os.path.basename(member.name)
                    if member.isfile() and name.endswith((".out", ".rc")):
                        self.files[name] = tar.extractfile(member).read()
        else:
            sys.exit(f"compare_published.py: {where} is neither a folder nor an archive")

    def rc(self, pid):
        data = self.files.get(pid + ".rc")
        return None if data is None else data.decode(errors="replace").strip()

    def out(self, pid):
        data = self.files.get(pid + ".out")
        return None if data is None else data.decode(errors="replace")


def masked(text, patterns):
    lines = []
    for line in text.splitlines():
        for p in patterns:
            line = p.sub("<v>", line)
        lines.append(line)
    return lines


def shorten(s, n=70):
    s = ANSI.sub("", s).strip()
    return s if len(s) <= n else s[: n - 3] + "..."


def compare(pid, patterns, cpu, gpu):
    crc, grc = cpu.rc(pid), gpu.rc(pid)
    cout, gout = cpu.out(pid), gpu.out(pid)
    if crc is not None and not crc.lstrip("-").isdigit():
        return "n/a", f"CPU backend: {crc}"
    if crc is None or cout is None:
        return "n/a", "no CPU-backend run"
    if grc is None or gout is None:
        return "n/a", "no GPU run"
    if not grc.lstrip("-").isdigit():
        return "n/a", f"GPU: {grc}"
    if crc in ("124", "137"):
        return "n/a", "CPU backend timed out"
    if int(crc) > 128:
        return "n/a", f"CPU backend crashed (signal {int(crc) - 128})"
    a, b = masked(cout, patterns), masked(gout, patterns)
    exits = "" if crc == grc else f"; exit status CPU {crc}, GPU {grc}"
    if a == b:
        return ("yes", "") if not exits else ("no", exits[2:])
    if sorted(a) == sorted(b):
        return "order-only", f"the same {len(a)} lines in another order{exits}"
    differing = [(i, x, y) for i, (x, y) in enumerate(zip(a, b)) if x != y]
    if len(a) != len(b):
        first = differing[0] if differing else (min(len(a), len(b)), (a + [""])[min(len(a), len(b))],
                                                 (b + [""])[min(len(a), len(b))])
        return "no", (f"{len(a)} lines on the CPU backend, {len(b)} on the GPU; first difference at line "
                      f"{first[0] + 1}: CPU '{shorten(first[1])}' / GPU '{shorten(first[2])}'{exits}")
    numbers_only = all(NUMBER.sub("#", x) == NUMBER.sub("#", y) for _, x, y in differing)
    i, x, y = differing[0]
    kind = "numbers only, " if numbers_only else ""
    return "no", (f"{kind}{len(differing)} of {len(a)} lines differ; first at line {i + 1}: "
                  f"CPU '{shorten(x)}' / GPU '{shorten(y)}'{exits}")


def fill_markdown(path, results):
    lines = open(path, encoding="utf-8").read().split("\n")
    col = None
    for k, line in enumerate(lines):
        if line.startswith("|") and "same as H200" in line:
            cells = line.split("|")
            col = [c.strip() for c in cells].index("same as H200")
            continue
        if col is None or not line.startswith("|"):
            if col is not None and not line.startswith("|"):
                col = None
            continue
        cells = line.split("|")
        pid = cells[1].strip()
        if pid in results and col < len(cells):
            verdict, detail = results[pid]
            text = verdict if not detail else f"{verdict}: {detail}"
            cells[col] = " " + text.replace("|", "\\|") + " "
            lines[k] = "|".join(cells)
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def fill_csv(path, results):
    if not os.path.exists(path):
        return
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return
    fields = list(rows[0].keys())
    for name in ("same_as_h200", "h200_difference"):
        if name not in fields:
            fields.append(name)
    for r in rows:
        if r["id"] in results:
            r["same_as_h200"], r["h200_difference"] = results[r["id"]]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cpu")
    ap.add_argument("gpu")
    ap.add_argument("--table", default=os.path.join(HERE, "published_programs.txt"))
    ap.add_argument("--write", help="results .md to fill (its .csv beside it too)")
    args = ap.parse_args()
    order, masks = read_table(args.table)
    cpu, gpu = Outputs(args.cpu), Outputs(args.gpu)
    results = {}
    counts = {}
    for pid in order:
        verdict, detail = compare(pid, masks[pid], cpu, gpu)
        results[pid] = (verdict, detail)
        counts[verdict] = counts.get(verdict, 0) + 1
        print(f"{pid:28s} {verdict:10s} {detail}")
    print("; ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    if args.write:
        fill_markdown(args.write, results)
        fill_csv(os.path.splitext(args.write)[0] + ".csv", results)
        print(f"filled the 'same as H200' column of {args.write}")


if __name__ == "__main__":
    main()
