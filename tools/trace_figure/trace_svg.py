"""A launch's drawing as SVG: its rows (trace_rows) at their places (trace_geometry), drawn as
the taught figure draws (docs/tools/scan_figures.py): the same cells, colours and fonts."""
from __future__ import annotations

import html

from trace_arrows import arrows_and_kinds
from trace_geometry import CELL_H, CELL_W, LABEL_CHARS, NOTE_GAP, PAST, Layout
from trace_launch import Launch
from trace_legend import index_runs, legend
from trace_rows import build_rows

try:   # the taught figure's colours: a sum, a copy, a constant; an addition's and a copy's arrows
    from scan_figures import COLORS, EDGE as EDGES
except ImportError:
    COLORS = {"add": "#ffcc80", "copy": "#bbdefb", "zero": "#e0e0e0"}
    EDGES = {"add": ("#e65100", ""), "copy": ("#1565c0", "4 3")}
WRITTEN = COLORS["add"]
RACE = "#d50000"
PAST_EDGE = "#bdbdbd"   # into or out of the cells past the n elements: there, but not the point
STUB = 12             # a read from another band: a short line into the cell it wrote


def render_launch(launch: Launch, title: str, width: int, label_final_output: bool = True) -> str:
    """The SVG of one launch, `width` px wide (the taught figure's width)."""
    rows = build_rows(launch, label_final_output)
    drawn = [s for s in launch.spaces if any(r.space == s for r in rows)]
    past = {s: launch.outside(s) for s in drawn}
    bug = any(past[s] and launch.is_global(s) for s in drawn)
    layout = Layout(width, max((launch.inside_count(s) for s in drawn), default=0), any(past.values()), len(rows),
                    [r.title for r in rows] + ["element"], [r.note for r in rows] + ["interval ends at"])
    tag = f"l{launch.index}"   # pattern ids: unique on a page of several launches
    arrows, kinds = arrows_and_kinds(launch, rows)
    body, stubs = _edges(launch, arrows, layout)
    body += _cells(launch, rows, layout, past, tag, kinds)
    body += _headers(launch, rows, layout)
    shown_kinds = {kind for (_, element), kind in kinds.items() if element < launch.n}
    items = _key(launch, tag, shown_kinds) + _outside_key(launch, past, tag)
    if stubs:
        items.append((None, "a short line: the value came from a column in another band"))
    key, bottom = legend(items, layout.left, width - 10, layout.bands_bottom + 8)
    height = int(bottom + 4)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, monospace" font-size="10">',
        f"<title>{html.escape(title)}</title>", _patterns(tag, bug),
        f'<rect width="{width}" height="{height}" fill="white"/>', *body, key, "</svg>"])


def _column(launch: Launch, index: int) -> int:
    return index if index < launch.n else PAST


def _edges(launch: Launch, arrows: list, layout: Layout):
    """A line per arrow, under the cells: from the cell a thread read to the cell it then wrote."""
    lines = {}   # the cells past the n elements are one column: their arrows coincide, one racing is red
    for a in arrows:
        key = (a.source, _column(launch, a.read), a.target, _column(launch, a.written))
        if key not in lines or (a.racy and not lines[key].racy):
            lines[key] = a
    out, stubs = [], False
    for (_, r_col, _, w_col), a in lines.items():
        color, dash = EDGES.get(a.kind, EDGES["add"])
        width = 1.2
        if a.racy:
            color, dash, width = RACE, "", 2
        elif PAST in (r_col, w_col):
            color, width = PAST_EDGE, 0.8
        band, x1 = layout.band_of(w_col), layout.center(w_col)
        y1 = layout.row_top(band, a.target)
        if layout.band_of(r_col) == band:
            x0, y0 = layout.center(r_col), layout.row_top(band, a.source) + CELL_H
        else:   # the cell read is in another band: a line across the bands would cross every row
            x0, y0, stubs = x1, y1 - STUB, True
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{color}" stroke-width="{width}"'
                   f'{dash_attr} opacity="0.8"/>')
    return out, stubs


def _cells(launch: Launch, rows: list, layout: Layout, past: dict, tag: str, kinds: dict) -> list:
    out = []
    for r, row in enumerate(rows):
        for i in range(launch.inside_count(row.space)):
            band, x = layout.band_of(i), layout.x(i)
            label = row.labels.get(i, "")
            fill = "#ffffff" if label else "#f4f4f4"
            if i in row.written:
                fill = COLORS[kinds.get((r, i), "add")]
            out.append(_cell(x, layout.row_top(band, r), fill, i in row.raced, label, "cell"))
        if past.get(row.space):
            band, x = layout.band_of(PAST), layout.x(PAST)
            if launch.is_global(row.space):
                fill = f"url(#{tag}-bug)"    # past the end of the caller's array: a bug
            else:
                fill = f"url(#{tag}-written)" if row.outside_written else f"url(#{tag}-kept)"
            out.append(_cell(x, layout.row_top(band, r), fill, row.outside_raced, "", "cell past"))
    return out


def _cell(x: float, y: float, fill: str, raced: bool, label: str, kind: str) -> str:
    stroke, stroke_width = (RACE, 2) if raced else ("#888", 1)
    rect = (f'<rect class="{kind}" x="{x + 2}" y="{y}" width="{CELL_W - 4}" height="{CELL_H}" rx="3" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>')
    if not label:
        return rect
    # a wrong sum ("0..3,5..7") would not fit: cut, the whole of it in the tooltip
    shown = label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "\u2026"
    text = f'<text x="{x + CELL_W / 2}" y="{y + 15}" text-anchor="middle">{html.escape(shown)}</text>'
    tooltip = f"<title>{html.escape(label)}</title>" if shown != label else ""
    return f"<g>{tooltip}{rect}{text}</g>"


def _headers(launch: Launch, rows: list, layout: Layout) -> list:
    """Per band: the element numbers; per row: its title (left) and its interval's barrier (right)."""
    out = []
    for b, band in enumerate(layout.bands):
        y = layout.band_top(b) + 22
        out.append(f'<text x="{layout.left - 8}" y="{y}" text-anchor="end" fill="#777">element</text>')
        for column in band:
            text = str(column) if column != PAST else f"\u2265{launch.n}"
            out.append(f'<text x="{layout.center(column)}" y="{y}" text-anchor="middle" fill="#777">{text}</text>')
        out.append(f'<text x="{layout.band_right(b) + NOTE_GAP}" y="{y}" fill="#777">'
                   f'{layout.note("interval ends at")}</text>')
        for r, row in enumerate(rows):
            y = layout.row_top(b, r) + 15
            out.append(f'<text x="{layout.left - 8}" y="{y}" text-anchor="end" fill="#333">'
                       f'{html.escape(row.title)}</text>')
            out.append(f'<text x="{layout.band_right(b) + NOTE_GAP}" y="{y}" fill="#777">'
                       f'{html.escape(layout.note(row.note))}</text>')
    return out


def _patterns(tag: str, bug: bool) -> str:
    """Hatching for the column that stands for the cells past the n elements (the red one only
    where it is used: a page with RACE's colour on it says that something is wrong)."""
    def hatch(name, ground, stripe):
        return (f'<pattern id="{tag}-{name}" width="6" height="6" patternUnits="userSpaceOnUse" '
                f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{ground}"/>'
                f'<line x1="0" y1="0" x2="0" y2="6" stroke="{stripe}" stroke-width="2.5"/></pattern>')
    return ("<defs>" + hatch("kept", "#f4f4f4", "#c8c8c8") + hatch("written", WRITTEN, EDGES["add"][0])
            + (hatch("bug", "#ffffff", RACE) if bug else "") + "</defs>")


BOX = '<rect x="{x}" y="{y}" width="14" height="12" fill="%s" stroke="#888"/>'


def _key(launch: Launch, tag: str, kinds: set) -> list:
    """The legend's items: (swatch or None, text)."""
    meaning = {"add": "written: a sum of cells it read", "copy": "written: a copy of one cell",
               "zero": "written: a constant (it read nothing)"}
    items = [(BOX % COLORS[k], meaning[k]) for k in ("add", "copy", "zero") if k in kinds]
    items += [(None, "an arrow: a thread read the upper cell, then wrote the lower one with it"),
              (None, '"a..b" = x[a] + ... + x[b], \u2205 = 0; blank: not written yet')]
    if launch.races():
        items.append((BOX.replace('stroke="#888"', f'stroke="{RACE}" stroke-width="2"') % "#ffffff",
                      "red: a race (two threads, one cell, one interval, one of them writing)"))
    return items


def _outside_key(launch: Launch, past: dict, tag: str) -> list:
    """What the hatched column stands for: which cells past the n elements were touched."""
    n, items = launch.n, []
    shared = [f"{launch.names[s]}[{index_runs(c)}]" for s, c in past.items() if c and not launch.is_global(s)]
    if shared:
        items.append((BOX % f"url(#{tag}-written)",
                      f"\u2265{n}: the cells past the n = {n} elements, drawn as one: " + ", ".join(shared)))
    for verb, kind in (("written", "w"), ("read", "r")):   # past the end of the caller's array: a bug
        cells = []
        for s in (s for s in past if launch.is_global(s)):
            found = sorted({e[7] for e in launch.events if e[6] == s and e[7] >= n and e[4] == kind})
            if found:
                cells.append(f"{launch.names[s]}[{index_runs(found)}]")
        if cells:
            items.append((BOX % f"url(#{tag}-bug)", f"{verb} outside the n elements: " + ", ".join(cells)))
    return items
