"""The drawing's arrows and the kind of every write, placed on the rows (trace_rows).

An arrow goes from the row that shows what a read saw to the row of the write that used it. A
write is coloured as the taught figure colours its operations: a sum (orange), a copy (blue), a
constant (grey). The trace has no registers, so the kind is read off the values where the rows
know them: one read and a different value means the thread added a value it kept in a register
(lab 3's running sum); no read and a value that is not 0 is a register's value copied.
trace_dataflow says which reads a write may have used; where it had to guess, the values narrow
the guess down.
"""
from __future__ import annotations

from dataclasses import dataclass

from trace_dataflow import dataflow
from trace_launch import Launch
from trace_rows import START


@dataclass(frozen=True)
class Arrow:
    source: int        # row
    read: int          # element read (its index; past the n elements: >= n)
    target: int        # row
    written: int       # element written
    kind: str          # of the write: add | copy | zero
    racy: bool


def arrows_and_kinds(launch: Launch, rows: list) -> tuple[list, dict]:
    """([Arrow], {(row, element): kind of its last write in that row})."""
    row_of = {}
    for r, row in enumerate(rows):
        if row.first != START:
            for interval in range(row.first, row.last + 1):
                row_of[(row.space, interval)] = r
    races = launch.races()
    arrows, kinds = set(), {}
    for (w_space, w_index, w_interval), reads, guessed in dataflow(launch):
        target = row_of.get((w_space, w_interval))
        if target is None:
            continue
        sources = [(_anchor_row(rows, target, s, i), index, (i, s, index) in races) for s, index, i in reads]
        sources = [s for s in sources if s[0] is not None]
        if guessed:
            sources = _narrowed(rows, target, w_index, sources)
        kind = _kind(rows, target, w_index, sources)
        kinds[(target, w_index)] = kind
        racy_write = (w_interval, w_space, w_index) in races
        for source, index, racy_read in sources:
            arrows.add(Arrow(source, index, target, w_index, kind, racy_write or racy_read))
    return sorted(arrows, key=lambda a: (a.source, a.read, a.target, a.written, a.kind, a.racy)), kinds


def _anchor_row(rows: list, target: int, space: str, interval: int):
    """The row that shows what a read in `interval` saw: the array's last row above the row
    written to that began before the interval (rows merged over it changed only cells past the
    n elements, so its cells read the same), or another array's row of that very interval (a
    kernel without a barrier between writing one array and reading it: there is no better row)."""
    for r in range(target - 1, -1, -1):
        row = rows[r]
        if row.space == space and (row.first < interval
                                   or (row.space != rows[target].space and row.first <= interval <= row.last)):
            return r
    return None


def _narrowed(rows: list, target: int, written: int, sources: list) -> list:
    """Of a guessed write's candidate reads, the one whose value it wrote, where the values are
    known and one matches (lab 5's left child gets its parent's value: a copy of that, not a sum)."""
    value = rows[target].labels.get(written)
    if value in (None, "?"):   # "?" is any value that is not a sum of inputs: it matches nothing
        return sources
    same = [s for s in sources if rows[s[0]].labels.get(s[1]) == value]
    return same[:1] or sources


def _kind(rows: list, target: int, written: int, sources: list) -> str:
    value = rows[target].labels.get(written)
    if len(sources) > 1:
        return "add"
    if not sources:
        return "zero" if value == "\u2205" else "copy"
    source, read, _ = sources[0]
    before = rows[source].labels.get(read)
    return "add" if value is not None and before is not None and value != before else "copy"
