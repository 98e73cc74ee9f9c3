"""The key under a launch's drawing, flowed into lines that fit the panel (one long line of text
would widen the panel, and a browser would then shrink every cell to fit it on screen)."""
from __future__ import annotations

import html

from trace_geometry import CHAR_W

LINE = 17        # one line of the key
SWATCH = 18      # a swatch and the space after it
ITEM_GAP = 22    # between two items on one line


def legend(items: list, left: float, right: float, top: float) -> tuple[str, float]:
    """items: (swatch_svg_or_None, text). Returns the SVG and the y under its last line."""
    out, x, y = [], left, top
    most = max(8, int((right - left - SWATCH) / CHAR_W))   # characters on one line
    for swatch, text in items:
        for k, piece in enumerate(_wrapped(text, most)):
            mark = swatch if k == 0 else None
            width = (SWATCH if mark else 0) + CHAR_W * len(piece)
            if x > left and x + width > right:
                x, y = left, y + LINE
            if mark:
                out.append(mark.format(x=x, y=y - 10))
                x += SWATCH
            out.append(f'<text x="{x:.1f}" y="{y}" fill="#333">{html.escape(piece)}</text>')
            x += CHAR_W * len(piece) + ITEM_GAP
    return "\n".join(out), y + LINE


def _wrapped(text: str, most: int) -> list:
    """The text in pieces of at most `most` characters, broken at spaces (a narrow panel)."""
    pieces, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > most:
            pieces.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return pieces + [line]


def index_runs(indices: list) -> str:
    """[16, 17, 18, 40] -> "16..18, 40" (at most three runs, then "...")."""
    runs, start = [], None
    for a, b in zip(indices, indices[1:] + [None]):
        start = a if start is None else start
        if b != a + 1:
            runs.append(str(a) if start == a else f"{start}..{a}")
            start = None
    return ", ".join(runs[:3]) + (", ..." if len(runs) > 3 else "")
