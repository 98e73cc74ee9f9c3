"""The report's plots as inline SVG: a histogram and a bar chart are all it needs, and drawing them
here keeps the page self-contained, readable from file:// and quick to build for 1,000 students
(no plotting library to import on a grading machine)."""
from html import escape

WIDTH, HEIGHT = 360, 170
LEFT, BOTTOM, TOP = 38, 34, 22
BAR = "#3b6ea8"


def _frame(title, body, xlabel, ymax):
    h = HEIGHT - BOTTOM - TOP
    # Counts are whole numbers: the middle line only where it falls on one.
    levels = (0, 0.5, 1) if ymax % 2 == 0 else (0, 1)
    ticks = "".join(
        f'<text x="{LEFT - 4}" y="{TOP + h - h * f + 4:.1f}" text-anchor="end">{round(ymax * f)}</text>'
        f'<line x1="{LEFT}" x2="{WIDTH - 8}" y1="{TOP + h - h * f:.1f}" y2="{TOP + h - h * f:.1f}" stroke="#ddd"/>'
        for f in levels)
    return (f'<svg class="plot" role="img" xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="10">'
            f'<title>{escape(title)}</title><text x="{LEFT}" y="13" font-size="11" font-weight="bold">{escape(title)}</text>'
            f'{ticks}{body}<text x="{(LEFT + WIDTH) / 2}" y="{HEIGHT - 4}" text-anchor="middle">{escape(xlabel)}</text></svg>')


def histogram(values, lo, hi, bins, title, xlabel, fmt="{:.0%}"):
    """Counts of values in `bins` equal bins from lo to hi (values outside go to the end bins)."""
    counts = [0] * bins
    for v in values:
        k = int((v - lo) / (hi - lo) * bins) if hi > lo else 0
        counts[min(max(k, 0), bins - 1)] += 1
    ymax = max(counts + [1])
    w = (WIDTH - 8 - LEFT) / bins
    h = HEIGHT - BOTTOM - TOP
    body = []
    for k, c in enumerate(counts):
        bh = h * c / ymax
        x = LEFT + k * w
        body.append(f'<rect x="{x + 1:.1f}" y="{TOP + h - bh:.1f}" width="{w - 2:.1f}" height="{bh:.1f}" fill="{BAR}">'
                    f'<title>{escape(fmt.format(lo + (hi - lo) * k / bins))}-{escape(fmt.format(lo + (hi - lo) * (k + 1) / bins))}: {c}</title></rect>')
    for k in range(0, bins + 1, max(1, bins // 5)):
        anchor = "end" if k == bins else "middle"  # the last label ends at the axis, inside the picture
        body.append(f'<text x="{LEFT + k * w:.1f}" y="{TOP + h + 12}" text-anchor="{anchor}">'
                    f'{escape(fmt.format(lo + (hi - lo) * k / bins))}</text>')
    return _frame(title, "".join(body), xlabel, ymax)


def bars(labels, fractions, title, xlabel="share of students who passed"):
    """Horizontal bars of fractions in [0, 1], one per label."""
    rows = len(labels)
    height = TOP + 16 * rows + BOTTOM
    left = 90
    body = []
    for i, (label, f) in enumerate(zip(labels, fractions)):
        y = TOP + 16 * i
        wv = (WIDTH - 40 - left) * f
        body.append(f'<text x="{left - 4}" y="{y + 11}" text-anchor="end">{escape(label)}</text>'
                    f'<rect x="{left}" y="{y + 2}" width="{wv:.1f}" height="12" fill="{BAR}"/>'
                    f'<text x="{left + wv + 3:.1f}" y="{y + 11}">{f:.0%}</text>')
    return (f'<svg class="plot" role="img" xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="10"><title>{escape(title)}</title>'
            f'<text x="4" y="13" font-size="11" font-weight="bold">{escape(title)}</text>{"".join(body)}'
            f'<text x="{(left + WIDTH) / 2}" y="{height - 6}" text-anchor="middle">{escape(xlabel)}</text></svg>')
