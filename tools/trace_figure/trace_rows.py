"""The rows of a launch's drawing: one per state of one array, like the taught figure's rows.

The columns are the n elements' cells (index 0..n-1 of every array): a row is one array as it
stands at the end of a barrier interval in which block 0 wrote it (the input, and an array read
before anything wrote it, get a row for the start). Cells past the n elements that the kernel
touched (the rest of a 1024-thread block's shared array, or an out-of-bounds access) are not
drawn one by one, which is what made the drawing unreadable: each row has one cell that stands
for all of them. Consecutive rows of one array that only changed such cells become one row.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from trace_launch import Launch, inputs_label

START = -1   # the interval number of a row that shows an array as the kernel starts


@dataclass
class Row:
    space: str
    first: int                      # the first interval whose writes it shows (START: none)
    last: int                       # it shows the array at the end of this interval
    title: str = ""                 # left of the row: "3: XY", "6\u201311: XY", "input"
    note: str = ""                  # right of the row: the barrier that ends its interval(s)
    labels: dict = field(default_factory=dict)     # element -> the inputs it sums
    written: set = field(default_factory=set)      # elements written in its intervals
    raced: set = field(default_factory=set)        # elements raced on in its intervals
    outside_written: bool = False   # some cell past the n elements written in its intervals
    outside_raced: bool = False

    @property
    def inside_only_unchanged(self) -> bool:
        return not self.written and not self.raced


def build_rows(launch: Launch, label_final_output: bool) -> list[Row]:
    """The rows in drawing order. label_final_output: this launch is the last to write the output,
    so the output's last row shows the values the run ended with."""
    rows = [_start_row(launch, s) for s in _read_before_written(launch)]
    writes = launch.writes()
    for interval, _ in launch.intervals:
        for space in launch.spaces:
            if space in writes.get(interval, {}):
                rows.append(_interval_row(launch, space, interval, writes[interval][space]))
    _mark_races(launch, rows)
    rows = _merge_unchanged(launch, rows)
    for row in rows:
        row.labels = _labels(launch, row)
    if label_final_output:
        last_output = [r for r in rows if launch.names[r.space] == "output" and r.first != START]
        if last_output:
            row = last_output[-1]
            row.labels = {i: inputs_label(v, launch.n) for i, v in enumerate(launch.final_output[:launch.n])
                          if v is not None and i < launch.inside_count(row.space)}
    return rows


def _read_before_written(launch: Launch) -> list:
    """The arrays some thread read a cell of before anything wrote that cell: the input, an
    uninitialised shared read, a result of an earlier launch."""
    written, needed = set(), set()
    for e in launch.events:
        cell = (e[6], e[7])
        if e[4] == "w":
            written.add(cell)
        elif cell not in written:
            needed.add(e[6])
    return [s for s in launch.spaces if s in needed]


def _start_row(launch: Launch, space: str) -> Row:
    name = launch.names[space]
    title = "input" if name == "input" else f"{name} at start"
    return Row(space, START, START, title=title)


def _interval_row(launch: Launch, space: str, interval: int, cells: set) -> Row:
    row = Row(space, interval, interval)
    row.written = {i for i in cells if i < launch.n}
    row.outside_written = any(i >= launch.n for i in cells)
    _name(launch, row)
    return row


def _merge_unchanged(launch: Launch, rows: list) -> list:
    """One row for a run of rows of one array, next to each other, that wrote only cells past the
    n elements (lab 2's strides 16..512 on a 1024-cell array): they all look the same."""
    merged = []
    for row in rows:
        before = merged[-1] if merged else None
        if (before is not None and before.space == row.space and before.first != START
                and before.inside_only_unchanged and row.inside_only_unchanged):
            before.last = row.last
            before.outside_written |= row.outside_written
            before.outside_raced |= row.outside_raced
            _name(launch, before)
        else:
            merged.append(row)
    return merged


def _mark_races(launch: Launch, rows: list):
    for (interval, space, index) in launch.races():
        for row in rows:
            if row.space == space and row.first <= interval <= row.last and row.first != START:
                if index < launch.n:
                    row.raced.add(index)
                else:
                    row.outside_raced = True


def _name(launch: Launch, row: Row):
    """The title (which intervals) and the note (which barriers end them)."""
    name = launch.names[row.space]
    span = f"{row.first + 1}" if row.first == row.last else f"{row.first + 1}\u2013{row.last + 1}"
    row.title = f"{span}: {name}"
    closers = []
    for interval, closed_by in launch.intervals:
        if row.first <= interval <= row.last and closed_by not in closers:
            closers.append(closed_by)
    row.note = _barriers(closers)


def _barriers(closers: list) -> str:
    """"scan.cu:30, 33, kernel end": short, as the notes share the panel's width with the cells
    (the column's header says what they are)."""
    parts, last_file = [], None
    for where in closers:
        if not where:
            continue
        file, _, line = where.rpartition(":")
        parts.append(line if file == last_file else where)
        last_file = file
    shown = parts[:3] + (["..."] if len(parts) > 3 else [])
    return ", ".join(shown + (["kernel end"] if "" in closers else []))


def _labels(launch: Launch, row: Row) -> dict:
    """element -> the inputs its value sums, where the trace knows the value."""
    count = launch.inside_count(row.space)
    name = launch.names[row.space]
    if row.first == START:
        if name != "input":
            return {}
        return {i: inputs_label(v, launch.n) for i, v in enumerate(launch.input[:count]) if v is not None}
    if launch.is_global(row.space):
        return {}   # no snapshot of global memory: only the final output (see build_rows)
    labels = {}
    for i in range(count):
        text = launch.shared_label(row.last, row.space, i)
        if text:
            labels[i] = text
    return labels
