#!/usr/bin/env python3
"""Plots a scanlab-bench JSON file: throughput and fraction of the copy ceiling versus n.

    python3 bench/plot_bench.py bench.json [more.json ...] --out docs/plots [--title "H100, CUDA 13.0"]
    python3 bench/plot_bench.py bench.json --out DIR --variants     # also the look-back research's variants

Several files are merged point by point (a later file's point replaces an earlier one's).

Writes, as SVG and PNG, into the output folder:
    bench-labs-throughput      GB/s (8 bytes per element, log scale) of the baselines and every lab's code
    bench-labs-fraction        the same as a fraction of the copy ceiling (faster of memcpy, float4 copy)
and with --variants, when the file holds them (a run with -DSCANLAB_BUILD_RESEARCH=ON):
    bench-lookback-throughput  CUB, the copies, lab 8's advanced reference and the look-back variants
    bench-lookback-fraction    the same as a fraction of the copy ceiling
The lecture notes embed the bench-labs plots only (docs/plots/); the variant plots are for the
research (research/lookback/NOTES.md), so --variants should not point at docs/plots.
One line per implementation, log2 n on the x axis; points that failed their check are left out.
Every line of the labs plots has its own colour, marker and dash pattern (they must stay apart in
grey-scale print too), and the legend sits right of the axes, where it cannot hide a line.
"""
import argparse
import json
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.hashsalt"] = "scanlab"   # the same data gives the same SVG: clean diffs
import matplotlib.pyplot as plt  # noqa: E402

# The baselines: no markers, told apart by dash pattern first.
BASELINE_STYLE = {
    "memcpy": dict(color="#000000", linestyle="-", linewidth=2.2),
    "copy-float4": dict(color="#a0a0a0", linestyle="--", linewidth=2.2),
    "cub": dict(color="#e6194b", linestyle="-.", linewidth=2.2),
    "thrust": dict(color="#f58231", linestyle=":", linewidth=2.4),
}
# One colour and marker per lab reference, none shared with a baseline or another lab.
LAB_STYLE = {
    "lab1-solution": ("#4363d8", "o"),
    "lab2-solution": ("#42d4f4", "s"),
    "lab3-solution": ("#3cb44b", "^"),
    "lab4-solution": ("#808000", "v"),
    "lab5-solution": ("#911eb4", "D"),
    "lab6-solution": ("#9a6324", "<"),
    "lab7-solution": ("#f032e6", ">"),
    "lab8-solution": ("#000075", "p"),
    "lab8-advanced": ("#469990", "X"),
}
BASELINE_ORDER = ["memcpy", "copy-float4", "cub", "thrust"]


def load(paths):
    doc, merged = None, {}
    for path in paths:
        try:
            with open(path) as f:
                d = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f"plot_bench.py: cannot read {path}: {e}")
        if d.get("backend") != "gpu" or "points" not in d:
            sys.exit(f"plot_bench.py: {path} is not a GPU result of scanlab-bench (no 'points')")
        doc = doc or d
        for p in d["points"]:
            merged[(p["name"], p["log2n"])] = p
    doc = dict(doc)
    doc["points"] = list(merged.values())
    return doc


def series(points, key):
    """name -> sorted [(log2n, value)] of the points that passed and have `key`."""
    out = {}
    for p in points:
        if p.get("status") == "ok" and key in p:
            out.setdefault(p["name"], []).append((p["log2n"], p[key]))
    return {name: sorted(v) for name, v in out.items()}


def lab_key(name):
    """Lab number first, the reference solution before the advanced one and a student's file."""
    m = re.match(r"lab(\d+)-(.*)", name)
    return (int(m.group(1)), {"solution": 0, "advanced": 1}.get(m.group(2), 2), name) if m else (99, 9, name)


def style_for(name, group, index):
    if name in BASELINE_STYLE:
        return BASELINE_STYLE[name]
    if name in LAB_STYLE:
        color, marker = LAB_STYLE[name]
        return dict(color=color, marker=marker, markersize=5, linewidth=2.4 if name == "lab8-advanced" else 1.6)
    lab_solution = re.sub(r"-[^-]*$", "-solution", name)
    if group == "student" and lab_solution in LAB_STYLE:
        # a student's line beside its lab's reference: the same colour, dashed, hollow markers
        color, marker = LAB_STYLE[lab_solution]
        return dict(color=color, marker=marker, markersize=5, markerfacecolor="white", linestyle="--", linewidth=1.4)
    if group == "advanced" and lab_solution in LAB_STYLE:
        # a lab's advanced reference beside its taught one: the same colour, dash-dot, bolder
        color, marker = LAB_STYLE[lab_solution]
        return dict(color=color, marker=marker, markersize=5, linestyle="-.", linewidth=2.2)
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]   # the research's variants
    return dict(color=cycle[index % len(cycle)], marker="os^vD<>ph*"[index % 10], markersize=3, linewidth=1.0,
                linestyle=["-", "--", "-.", ":"][(index // len(cycle)) % 4])


def plot(doc, names, key, ylabel, title, path_stem, reference_line=None, log_y=False):
    groups = {p["name"]: p.get("group", "") for p in doc["points"]}
    data = series(doc["points"], key)
    names = [n for n in names if n in data]
    if not names:
        print(f"plot_bench.py: nothing to plot for {path_stem}", file=sys.stderr)
        return []
    fig, ax = plt.subplots(figsize=(11, 6))
    index = 0
    for name in names:
        xs, ys = zip(*data[name])
        st = style_for(name, groups.get(name, ""), index)
        if name not in BASELINE_STYLE and name not in LAB_STYLE:
            index += 1
        ax.plot(xs, ys, label=name, **st)
    if reference_line is not None:
        ax.axhline(reference_line, color="gray", linewidth=0.8, linestyle=":")
    if log_y:
        ax.set_yscale("log")
    all_x = sorted({x for n in names for x, _ in data[n]})
    ax.set_xticks(all_x)
    ax.set_xticklabels([f"$2^{{{x}}}$" for x in all_x])
    ax.set_xlabel("n (float elements)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="major", alpha=0.3)
    # Outside the axes, right of them: a legend inside always ends up over some lab's line.
    columns = 1 if len(names) <= 24 else (len(names) + 23) // 24
    ax.legend(fontsize=8 if columns == 1 else 6, ncol=columns, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              borderaxespad=0.0, frameon=False)
    written = []
    for ext in ("svg", "png"):
        out = f"{path_stem}.{ext}"
        # no creation date in the file: regenerating from the same JSON changes nothing
        fig.savefig(out, dpi=110, bbox_inches="tight", metadata={"Date": None} if ext == "svg" else {})
        written.append(out)
    plt.close(fig)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+", help="scanlab-bench --json output(s)")
    ap.add_argument("--out", required=True, help="folder for the SVG and PNG files (created)")
    ap.add_argument("--title", default=None, help="text after the plot titles (default: GPU name and CUDA version)")
    ap.add_argument("--variants", action="store_true",
                    help="also plot the look-back research's variants (bench-lookback-*), when the file has them")
    args = ap.parse_args()
    doc = load(args.json)
    m = doc.get("machine", {})
    rt = m.get("runtime_version", 0)
    suffix = args.title or f"{m.get('gpu', '?')}, CUDA {rt // 1000}.{(rt % 1000) // 10}, {doc.get('date', '')[:10]}"
    os.makedirs(args.out, exist_ok=True)

    order = []
    for p in doc["points"]:
        if p["name"] not in order:
            order.append(p["name"])
    groups = {p["name"]: p.get("group", "") for p in doc["points"]}
    baselines = [n for n in BASELINE_ORDER if n in groups] + [n for n in order if groups[n] == "baseline"
                                                            and n not in BASELINE_ORDER]
    labs = sorted((n for n in order if groups[n] in ("solution", "advanced", "student")), key=lab_key)
    variants = [n for n in order if groups[n] == "variant"]

    plots = [("bench-labs", baselines + labs, "lab solutions")]
    if args.variants and variants:
        plots.append(("bench-lookback", baselines[:3] + [n for n in labs if groups[n] == "advanced" and n.startswith("lab8-")]
                      + variants,
                      "lab 8 decoupled look-back variants"))
    written = []
    for stem, names, what in plots:
        written += plot(doc, names, "gbps", "GB/s (8 bytes per element), log scale",
                        f"Scan throughput: {what} ({suffix})", os.path.join(args.out, f"{stem}-throughput"),
                        log_y=True)
        written += plot(doc, names, "fraction_of_copy", "fraction of the copy ceiling",
                        f"Fraction of a device-to-device copy: {what} ({suffix})",
                        os.path.join(args.out, f"{stem}-fraction"), reference_line=1.0)
    for w in written:
        print(w)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
