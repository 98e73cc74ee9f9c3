#!/usr/bin/env python3
"""Markdown summary of one or more scanlab-bench GPU JSON files (points are merged by name and n).

    python3 bench/summarize_bench.py bench.json [students.json ...] > summary.md

Prints: the command that made it (the JSON paths as given); the machine; the issue's targets for lab 8's look-back (the advanced reference and the best
variant): fraction of the copy ceiling at 2^28 and 2^30 (>= 0.90), speed against CUB there (>= 1.2x),
time against CUB at 2^10..2^16 (<= 0.6; judged on the latency of isolated calls, the
back-to-back ratio shown beside it); a ranking of the look-back variants at the largest n; a
table of every implementation at a few sizes; and, where the run checked it, how many different
outputs each implementation gave for one input scanned several times.
"""
import json
import sys


def load(paths):
    doc, points = None, {}
    for path in paths:
        try:
            with open(path) as f:
                d = json.load(f)
        except (OSError, ValueError) as e:
            print(f"summarize_bench.py: skipping {path}: {e}", file=sys.stderr)
            continue
        doc = doc or d
        for p in d.get("points", []):
            points[(p["name"], p["log2n"])] = p
    if doc is None:
        sys.exit("summarize_bench.py: no readable input")
    return doc, points


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def main(paths):
    doc, points = load(paths)
    m = doc.get("machine", {})
    names = []
    for (name, _k) in points:
        if name not in names:
            names.append(name)
    sizes = sorted({k for (_n, k) in points})
    get = lambda name, k, key: points.get((name, k), {}).get(key)  # noqa: E731

    out = []
    rt = m.get("runtime_version", 0)
    out.append(f"# scanlab-bench on {m.get('gpu', '?')}\n")
    # The command that made this summary, so a committed one can be checked against its inputs.
    out.append(f"Made by `python3 bench/summarize_bench.py {' '.join(paths)}`.  ")
    out.append(f"{m.get('sm_count', '?')} SMs, L2 {m.get('l2_bytes', 0) / 2**20:.0f} MiB, CUDA runtime "
               f"{rt // 1000}.{(rt % 1000) // 10}, driver {m.get('driver_version', '?')}, {doc.get('date', '')}.  ")
    out.append(f"Command: `{doc.get('command', '')}`\n")

    # Lab 8's look-back: its advanced reference and the variants (other labs' advanced references are
    # other algorithms, in the table of every implementation below).
    def lookback(name):
        group = next((points[(name, k)].get("group") for k in sizes if (name, k) in points), None)
        return group == "variant" or (group == "advanced" and name.startswith("lab8-"))
    variants = [n for n in names if lookback(n)]
    large = [k for k in (28, 30) if k in sizes]
    small = [k for k in sizes if 10 <= k <= 16]

    def meets(name):
        frac = [get(name, k, "fraction_of_copy") for k in large]
        xcub = [get(name, k, "speed_vs_cub") for k in large]
        small_ratio = [1 / get(name, k, "speed_vs_cub") for k in small if get(name, k, "speed_vs_cub")]
        # Isolated calls (the GPU idle before each): the latency of one scan() call, launches included.
        latency_ratio = [get(name, k, "latency_vs_cub") for k in small if get(name, k, "latency_vs_cub")]
        worst_latency = max(latency_ratio) if len(latency_ratio) == len(small) and small else None
        ok = (all(f is not None and f >= 0.90 for f in frac) and all(x is not None and x >= 1.2 for x in xcub)
              and worst_latency is not None and worst_latency <= 0.6)
        return frac, xcub, (max(small_ratio) if small_ratio else None), worst_latency, ok

    out.append("## Lab 8 decoupled look-back against the targets\n")
    out.append("| implementation | " + " | ".join(f"of copy 2^{k}" for k in large) + " | "
               + " | ".join(f"x CUB 2^{k}" for k in large)
               + " | worst time/CUB 2^10..2^16, back to back | worst latency/CUB 2^10..2^16, isolated calls | all targets |")
    out.append("|---" * (2 + 2 * len(large) + 2) + "|")
    ranked = sorted(variants, key=lambda n: -(get(n, sizes[-1], "fraction_of_copy") or 0))
    for name in ranked:
        frac, xcub, sr, lr, ok = meets(name)
        # A diagnostic (diag-*) scans each tile on its own: timed as a ceiling, never a candidate.
        diagnostic = name.startswith("diag-")
        verdict = "diagnostic, not a scan" if diagnostic else ("yes" if ok else "no")
        out.append(f"| {name} | " + " | ".join(fmt(f, ".3f") for f in frac) + " | "
                   + " | ".join(fmt(x, ".2f") for x in xcub)
                   + f" | {fmt(sr, '.2f')} | {fmt(lr, '.2f')} | {verdict} |")
    out.append("")

    show = [k for k in (10, 16, 20, 24, 28, 30) if k in sizes] or sizes
    out.append("## Every implementation (median us / fraction of copy)\n")
    out.append("| implementation | group | " + " | ".join(f"2^{k}" for k in show) + " |")
    out.append("|---|---|" + "---|" * len(show))
    for name in names:
        group = next((points[(name, k)].get("group", "") for k in sizes if (name, k) in points), "")
        cells = []
        for k in show:
            p = points.get((name, k))
            if p is None:
                cells.append("")
            elif p.get("status") != "ok":
                cells.append(p.get("status", "?").upper())
            else:
                f = p.get("fraction_of_copy")
                cells.append(f"{p['median_us']:.1f} / {fmt(f, '.2f')}")
        out.append(f"| {name} | {group} | " + " | ".join(cells) + " |")
    out.append("")

    # Run-to-run determinism (scanlab-bench --determinism R): the same random float input scanned R
    # times, the output bits hashed; "1/5" means the same bits in all five runs. Points of a run
    # without the check are left out.
    checked = [name for name in names if any(get(name, k, "determinism") for k in sizes)]
    if checked:
        out.append("## Same bits every run (distinct outputs / runs, one random float input)\n")
        out.append("| implementation | " + " | ".join(f"2^{k}" for k in sizes) + " | deterministic |")
        out.append("|---|" + "---|" * len(sizes) + "---|")
        for name in checked:
            cells, every = [], True
            for k in sizes:
                d = get(name, k, "determinism")
                cells.append(f"{d['distinct_outputs']}/{d['runs']}" if d else "")
                every = every and (d is None or d["distinct_outputs"] == 1)
            out.append(f"| {name} | " + " | ".join(cells) + f" | {'yes' if every else 'no'} |")
        out.append("")
    bad = [p for p in points.values() if p.get("status") != "ok" and p.get("group") != "student"]
    if bad:
        out.append("## Failures (not students)\n")
        for p in bad:
            out.append(f"- {p['name']} at 2^{p['log2n']}: {p['status']}: {p.get('detail', '')}")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
