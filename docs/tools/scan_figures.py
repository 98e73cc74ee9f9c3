#!/usr/bin/env python3
"""Draw the data-flow figure of every lab's algorithm (SVG) and write its counts (Markdown).

    python3 docs/tools/scan_figures.py [--out docs/generated]

For every model in scan_model.py: <out>/figures/<key>.svg (one row per parallel step, an edge from
every cell an operation reads to the cell it writes, each cell labelled with the input range it
holds) and <out>/counts/<lab>.md (additions, copies and steps, counted by running the model, for
the figure's n and for the lab's own sizes). The models assert that every addition combines
adjacent ranges and that the result is the exact scan, so the pictures cannot silently be wrong.
"""
from __future__ import annotations

import argparse
import html
from pathlib import Path

import scan_model as sm

CELL_W, CELL_H, ROW_GAP, ARRAY_GAP, LEFT, TOP = 46, 22, 30, 26, 96, 44
PHASE_W = 330
COLORS = {"add": "#ffcc80", "copy": "#bbdefb", "zero": "#e0e0e0"}
EDGE = {"add": ("#e65100", ""), "copy": ("#1565c0", "4 3")}


def label(value) -> str:
    if value is sm.UNSET:
        return ""
    if value == sm.EMPTY:
        return "\u2205"   # the empty sum (0); a plain "0" would read as x[0]
    lo, hi = value
    return str(lo) if lo == hi else f"{lo}..{hi}"


def column_x(model: sm.Model, left: int):
    xs, x = [], left
    for _, size in model.arrays:
        for _ in range(size):
            xs.append(x)
            x += CELL_W
        x += ARRAY_GAP
    return xs, x - ARRAY_GAP


def render(model: sm.Model) -> str:
    states = model.run()
    # room on the left for the longest step label ("tile 3 publishes")
    LEFT = max(globals()["LEFT"], 14 + int(6.3 * max(len(st.label) for st in model.steps)))
    xs, right = column_x(model, LEFT)
    row_y = [TOP + r * (CELL_H + ROW_GAP) for r in range(len(states))]
    longest = max(len(w) for st in model.steps for w in st.phase.split(" — "))
    width = right + max(PHASE_W, 30 + int(6.8 * longest))
    height = row_y[-1] + CELL_H + 58
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, monospace" font-size="10">',
           f"<title>{html.escape(model.title)}</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>']
    # array names and indices
    for name, size in model.arrays:
        b = model.base(name)
        out.append(f'<text x="{xs[b]}" y="14" font-weight="bold" font-size="12">{html.escape(name)}</text>')
        for i in range(size):
            out.append(f'<text x="{xs[b + i] + CELL_W / 2}" y="{TOP - 6}" text-anchor="middle" fill="#777">{i}</text>')
    # edges first (under the cells)
    for k, step in enumerate(model.steps):
        y0, y1 = row_y[k] + CELL_H, row_y[k + 1]
        written = {op.dst for op in step.ops}
        for c in range(model.cells):
            if c not in written and states[k][c] is not sm.UNSET:
                x = xs[c] + CELL_W / 2
                out.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}" stroke="#ccc"/>')
        for op in step.ops:
            color, dash = EDGE.get(op.kind, ("#000", ""))
            for s in op.srcs:
                dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
                out.append(f'<line x1="{xs[s] + CELL_W / 2}" y1="{y0}" x2="{xs[op.dst] + CELL_W / 2}" y2="{y1}" '
                           f'stroke="{color}" stroke-width="1.3"{dash_attr}/>')
    # cells
    for r, state in enumerate(states):
        writes = {op.dst: op.kind for op in model.steps[r - 1].ops} if r else {}
        for c, value in enumerate(state):
            fill = COLORS.get(writes.get(c), "#ffffff" if value is not sm.UNSET else "#f4f4f4")
            out.append(f'<rect x="{xs[c] + 2}" y="{row_y[r]}" width="{CELL_W - 4}" height="{CELL_H}" rx="3" '
                       f'fill="{fill}" stroke="#888"/>')
            if value is not sm.UNSET:
                out.append(f'<text x="{xs[c] + CELL_W / 2}" y="{row_y[r] + 15}" text-anchor="middle">'
                           f'{html.escape(label(value))}</text>')
        step_label = "input" if r == 0 else model.steps[r - 1].label
        out.append(f'<text x="{LEFT - 8}" y="{row_y[r] + 15}" text-anchor="end" fill="#333">{html.escape(step_label)}</text>')
    # phases: a bracket and a name to the right of the rows they span
    r = 1
    while r <= len(model.steps):
        phase = model.steps[r - 1].phase
        end = r
        while end + 1 <= len(model.steps) and model.steps[end].phase == phase:
            end += 1
        ya, yb = row_y[r], row_y[end] + CELL_H
        x = right + 10
        out.append(f'<path d="M{x} {ya} h6 V{yb} h-6" fill="none" stroke="#555"/>')
        words = phase.split(" — ")
        for i, w in enumerate(words):
            # 13 px apart: a line of 11 px DejaVu is 12.8 px tall, and closer lines' boxes overlap
            out.append(f'<text x="{x + 12}" y="{(ya + yb) / 2 + 4 + 13 * (i - (len(words) - 1) / 2)}" '
                       f'fill="#333" font-size="11">{html.escape(w)}</text>')
        r = end + 1
    # legend and counts
    y = height - 30
    n = model.size(model.result[0])
    out.append(f'<text x="{LEFT}" y="{y}" font-size="11">{html.escape(count_line(model, n))}</text>')
    lx = LEFT
    for kind, text in (("add", "written by an addition"), ("copy", "copied"), ("zero", "set to 0")):
        out.append(f'<rect x="{lx}" y="{y + 10}" width="14" height="12" fill="{COLORS[kind]}" stroke="#888"/>'
                   f'<text x="{lx + 18}" y="{y + 20}">{text}</text>')
        lx += 40 + 7 * len(text)
    out.append(f'<text x="{lx}" y="{y + 20}" fill="#777">"a..b" = x[a] + ... + x[b], "a" = x[a], \u2205 = empty sum (0)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def count_line(model: sm.Model, n: int) -> str:
    return (f"n = {n}: {model.adds} additions, {model.copies} copies, {model.step_count} steps "
            f"(rows below the input)")


# ----------------------------------------------------------------------------------------------
# Count tables: the figure's size and the lab's own sizes, all from the closed forms that the
# notes' model test (CTest docs:model) checks against the models.

def counts_markdown(lab: str) -> str:
    ks, bk, bl, nv = (sm.FORMULAS[k] for k in ("kogge_stone", "brent_kung", "blelloch", "naive"))
    rows = []
    if lab == "lab1-naive":
        # One more column: the additions over a sequential scan's n - 1, n(n-1)/2 / (n-1) = n/2.
        lines = ["| size | additions | steps (parallel rounds) | x a sequential scan (n - 1 additions) |",
                 "|---|---:|---:|---:|"]
        for n in (8, 1024, 65536):
            adds = nv[0](n)
            lines.append(f"| n = {n} | {adds:,} | {nv[1](n):,} | {adds // (n - 1):,} |")
        return "\n".join(lines) + "\n"
    elif lab in ("lab2-kogge-stone", "lab3-double-buffer"):
        for n in (16, 1024):
            rows.append((f"section of {n}", ks[0](n), ks[1](n)))
    elif lab == "lab4-brent-kung":
        for n in (16, 2048):
            rows.append((f"section of {n}", bk[0](n), bk[1](n)))
    elif lab == "lab5-exclusive":
        for n in (16, 1024):
            rows.append((f"section of {n}", bl[0](n), bl[1](n)))
    elif lab == "lab6-coarsened":
        for t, c in ((4, 4), (1024, 8)):
            a, s = sm.coarsened_counts(t, c)
            rows.append((f"section of {t * c} ({t} threads x {c})", a, s))
    elif lab == "lab7-hierarchical":
        for n, s in ((16, 4), (1 << 20, 1024), (1 << 30, 1024)):
            a, st, k = sm.hierarchical_counts(n, s)
            rows.append((f"n = 2^{n.bit_length() - 1}, sections of {s} ({k} kernels)", a, st))
    elif lab == "lab8-single-pass":
        for lb in (False, True):
            a, st = sm.single_pass_counts(16, 4, lb)
            rows.append((f"n = 16, tiles of 4, {'look-back (idealised)' if lb else 'chained'}", a, st))
        tiles = (1 << 28) // 8192
        rows.append((f"n = 2^28, tiles of 8192: {tiles:,} tiles; the chain's hand-offs in series",
                     None, tiles - 1))
    lines = ["| size | additions | steps (parallel rounds) |", "|---|---:|---:|"]
    lines += [f"| {a} | {'-' if b is None else format(b, ',')} | {c:,} |" for a, b, c in rows]
    return "\n".join(lines) + "\n"


def overview_markdown() -> str:
    """One row per lab at the lab's own section (or array) size: the same closed forms."""
    ks, bk, bl, nv = (sm.FORMULAS[k] for k in ("kogge_stone", "brent_kung", "blelloch", "naive"))
    rows = [
        ("1 naive", "n = 65536", 65536, nv[0](65536), nv[1](65536), "n(n-1)/2", "n"),
        ("2 Kogge-Stone", "section 1024", 1024, ks[0](1024), ks[1](1024), "n log n - (n-1)", "log n"),
        ("3 double buffer", "section 1024", 1024, ks[0](1024), ks[1](1024), "n log n - (n-1)", "log n"),
        ("4 Brent-Kung", "section 2048", 2048, bk[0](2048), bk[1](2048), "2(n-1) - log n", "2 log n - 1"),
        ("5 exclusive (Blelloch)", "section 1024", 1024, bl[0](1024), bl[1](1024), "2(n-1)", "2 log n + 1"),
        ("6 coarsened 1024 x 8", "section 8192", 8192, *sm.coarsened_counts(1024, 8),
         "T(C-1) + T log T - (T-1) + C(T-1)", "C + log T + 1"),
        ("7 hierarchical", "n = 2^20", 1 << 20, *sm.hierarchical_counts(1 << 20, 1024)[:2],
         "(n/S) W_BK(S) + W(n/S) + n - S", "see lab 7"),
    ]
    lines = ["<!-- generated by docs/tools/scan_figures.py: do not edit -->",
             "| lab | size | additions | per element | steps | work | steps (formula) |",
             "|---|---|---:|---:|---:|---|---|"]
    for lab, size, n, adds, steps, wf, sf in rows:
        lines.append(f"| {lab} | {size} | {adds:,} | {adds / n:.2f} | {steps:,} | {wf} | {sf} |")
    n8, tile = 1 << 28, 8192
    tiles = n8 // tile
    tile_adds, tile_steps = sm.coarsened_counts(1024, 8)
    adds8 = tiles * tile_adds + (tiles - 1) + (n8 - tile)
    lines.append(f"| 8 single pass, chained | n = 2^28, tiles of 8192 | {adds8:,} | {adds8 / n8:.2f} | "
                 f"{tile_steps + tiles - 1 + 1:,} | T W_6 + (T-1) + (n - S) | S_6 + (T-1) + 1 |")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "generated"))
    args = ap.parse_args()
    out = Path(args.out)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    (out / "counts").mkdir(parents=True, exist_ok=True)
    for lab, builders in sm.MODELS.items():
        for build in builders:
            model = build()
            write(out / "figures" / f"{model.key}.svg", render(model))
        write(out / "counts" / f"{lab}.md.txt",
              "<!-- generated by docs/tools/scan_figures.py: do not edit -->\n" + counts_markdown(lab))
    write(out / "counts" / "overview.md.txt", overview_markdown())
    return 0


def write(path: Path, text: str):
    """Write only when the content changed (keeps mkdocs serve from rebuilding in a loop)."""
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


if __name__ == "__main__":
    raise SystemExit(main())
