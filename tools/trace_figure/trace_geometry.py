"""Where a launch's rows and cells go: the taught figure's cell size, in a panel of its width.

The student's drawing sits above the taught figure and a browser scales both by the same factor
only when both are equally wide, so the panel takes the taught figure's width and never grows:
when the columns do not fit in it they wrap into bands (each band repeats every row for its
columns), instead of widening the panel, which would shrink its every cell on screen.
"""
from __future__ import annotations

from math import floor

try:   # the taught figure's own sizes, so that the two drawings' cells match
    from scan_figures import ARRAY_GAP, CELL_H, CELL_W, ROW_GAP
except ImportError:   # no lecture notes here (a grading package): the same numbers
    CELL_W, CELL_H, ROW_GAP, ARRAY_GAP = 46, 22, 30, 26

CHAR_W = 6.1          # DejaVu Sans Mono at font-size 10 advances 6.02 px a character
LABEL_CHARS = 6       # the longest cell label that fits inside a cell with room to spare ("12..15")
HEADER = 28           # above a band's first row: the element numbers
BAND_GAP = 18
MIN_LEFT = 96         # as the taught figure
NOTE_GAP = 14         # between the last cell and a row's note
MIN_NOTE_CHARS = 12   # a note cut shorter than this would say nothing
PAST = -1             # the column of the cells past the n elements


def default_width(n: int) -> int:
    """The taught figure's width for one array of n cells, for a page that has no taught figure."""
    return MIN_LEFT + n * CELL_W + 330


class Layout:
    """x of every column, y of every row, for `rows` rows of `columns` element columns (and the
    column PAST when `past`), wrapped to `width`."""

    def __init__(self, width: int, columns: int, past: bool, rows: int, titles: list, notes: list):
        self.left = max(MIN_LEFT, 14 + int(CHAR_W * max((len(t) for t in titles), default=0)))
        past_room = ARRAY_GAP + CELL_W if past else 0
        # the notes right of the rows get what the cells leave, but at least MIN_NOTE_CHARS: they
        # are cut rather than the cells wrapped, the cells are what the drawing is for
        longest_note = max((len(t) for t in notes), default=0)
        room = width - self.left - past_room - NOTE_GAP - 8
        per_band = max(1, floor((room - CHAR_W * min(longest_note, MIN_NOTE_CHARS)) / CELL_W))
        self.bands = [list(range(c, min(columns, c + per_band))) for c in range(0, max(columns, 1), per_band)]
        if past:
            self.bands[-1].append(PAST)
        self._x = {}
        for b, band in enumerate(self.bands):
            x = self.left
            for column in band:
                if column == PAST:
                    x += ARRAY_GAP
                self._x[column] = (b, x)
                x += CELL_W
        self.band_height = HEADER + rows * (CELL_H + ROW_GAP) - ROW_GAP + BAND_GAP
        widest = max(self.band_right(b) for b in range(len(self.bands)))
        self.note_chars = max(MIN_NOTE_CHARS, floor((width - widest - NOTE_GAP - 8) / CHAR_W))

    def band_of(self, column: int) -> int:
        return self._x[column][0]

    def x(self, column: int) -> float:
        """The left edge of a column's slot (its cell is drawn 2 px inside, as in the taught figure)."""
        return self._x[column][1]

    def center(self, column: int) -> float:
        return self.x(column) + CELL_W / 2

    def band_top(self, band: int) -> float:
        return 8 + band * self.band_height

    def row_top(self, band: int, row: int) -> float:
        return self.band_top(band) + HEADER + row * (CELL_H + ROW_GAP)

    def band_right(self, band: int) -> float:
        """Where the cells of a band end (its notes start NOTE_GAP after this)."""
        return self._x[self.bands[band][-1]][1] + CELL_W if self.bands[band] else self.left

    def note(self, text: str) -> str:
        """A note cut to the room right of the cells."""
        return text if len(text) <= self.note_chars else text[:self.note_chars - 1] + "\u2026"

    @property
    def bands_bottom(self) -> float:
        return 8 + len(self.bands) * self.band_height
