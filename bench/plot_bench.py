#!/usr/bin/env python3
"""Plots a scanlab-bench JSON file: throughput and fraction of the copy ceiling versus n.

    python3 bench/plot_bench.py bench.json [more.json ...] --out docs/plots [--title "H100, CUDA 13.0"]

Several files are merged point by point (a later file's point replaces an earlier one's).

Writes, as SVG and PNG, into the output folder:
    bench-labs-throughput      GB/s (8 bytes per element) of the baselines and every lab's code
    bench-labs-fraction        the same as a fraction of the copy ceiling (faster of memcpy, float4 copy)
    bench-lookback-throughput  CUB, the copies, lab 8's advanced reference and its look-back variants
    bench-lookback-fraction    the same as a fraction of the copy ceiling
One line per implementation, log2 n on the x axis; points that failed their check are left out.
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BASELINE_STYLE = {
    "memcpy": dict(color="black", linestyle="-", linewidth=2.2),
    "copy-float4": dict(color="dimgray", linestyle="--", linewidth=2.0),
    "cub": dict(color="tab:red", linestyle="-", linewidth=2.2),
    "thrust": dict(color="tab:orange", linestyle=":", linewidth=2.0),
}


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


def style_for(name, group, index):
    if name in BASELINE_STYLE:
        return BASELINE_STYLE[name]
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    marker = "os^vD<>ph*"[index % 10]
    style = dict(color=cycle[index % len(cycle)], marker=marker, markersize=4, linewidth=1.2)
    if group == "student":
        style["linestyle"] = "--"
    if group == "advanced" or name == "lab8-advanced":
        style.update(color="tab:green", linewidth=2.4, marker="s")
    return style


def plot(doc, names, key, ylabel, title, path_stem, reference_line=None):
    groups = {p["name"]: p.get("group", "") for p in doc["points"]}
    data = series(doc["points"], key)
    names = [n for n in names if n in data]
    if not names:
        print(f"plot_bench.py: nothing to plot for {path_stem}", file=sys.stderr)
        return []
    fig, ax = plt.subplots(figsize=(10, 6))
    index = 0
    for name in names:
        xs, ys = zip(*data[name])
        st = style_for(name, groups.get(name, ""), index)
        if name not in BASELINE_STYLE:
            index += 1
        ax.plot(xs, ys, label=name, **st)
    if reference_line is not None:
        ax.axhline(reference_line, color="gray", linewidth=0.8, linestyle=":")
    all_x = sorted({x for n in names for x, _ in data[n]})
    ax.set_xticks(all_x)
    ax.set_xticklabels([f"$2^{{{x}}}$" for x in all_x])
    ax.set_xlabel("n (float elements)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="best")
    fig.tight_layout()
    written = []
    for ext in ("svg", "png"):
        out = f"{path_stem}.{ext}"
        fig.savefig(out, dpi=130)
        written.append(out)
    plt.close(fig)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+", help="scanlab-bench --json output(s)")
    ap.add_argument("--out", required=True, help="folder for the SVG and PNG files (created)")
    ap.add_argument("--title", default=None, help="text after the plot titles (default: GPU name and CUDA version)")
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
    baselines = [n for n in order if groups[n] == "baseline"]
    labs = [n for n in order if groups[n] in ("solution", "advanced", "student")]
    lookback = ["memcpy", "copy-float4", "cub"] + [n for n in order if groups[n] == "advanced" or groups[n] == "variant"]

    written = []
    for stem, names in (("bench-labs", baselines + labs), ("bench-lookback", lookback)):
        what = "lab solutions" if stem == "bench-labs" else "lab 8 decoupled look-back variants"
        written += plot(doc, names, "gbps", "GB/s (8 bytes per element)", f"Scan throughput: {what} ({suffix})",
                        os.path.join(args.out, f"{stem}-throughput"))
        written += plot(doc, names, "fraction_of_copy", "fraction of the copy ceiling",
                        f"Fraction of a device-to-device copy: {what} ({suffix})",
                        os.path.join(args.out, f"{stem}-fraction"), reference_line=1.0)
    for w in written:
        print(w)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
