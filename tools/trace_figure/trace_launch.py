"""One kernel launch's block 0, read from the trace file a lab check's --trace writes.

The trace lists every shared- and global-memory access of block 0 (launch, block, barrier
interval, thread, read/write, atomic, space, element index, source line), the intervals between
barriers, and a snapshot of every shared array at the end of each interval. The input is
x[i] = 2^i, so a value names the set of inputs it sums ("3..5" = x[3] + x[4] + x[5]).
"""
from __future__ import annotations

import struct

POISON_SHARED = 0x7FC0DEAD   # the CPU backend's "never written" shared memory
POISON_OUTPUT = 0x7FBADBAD   # the checks' "never written" output
GLOBAL_ORDER = {"input": 0, "output": 2, "workspace": 3}   # shared arrays (1) between input and output


def inputs_label(value, n: int) -> str:
    """The set of inputs 2^i a value sums, as "a..b" (or "a,c..d"); "?" when it is not such a sum."""
    if value is None or value != value or value < 0 or value != int(value) or value >= 2 ** n:
        return "?"
    bits = [i for i in range(n) if int(value) >> i & 1]
    if not bits:
        return "\u2205"
    runs, start = [], bits[0]
    for a, b in zip(bits, bits[1:] + [None]):
        if b != a + 1:
            runs.append(str(start) if start == a else f"{start}..{a}")
            start = b
    return ",".join(runs)


def word_value(word: int) -> float:
    return struct.unpack("<f", struct.pack("<I", word & 0xFFFFFFFF))[0]


def output_value(v):
    """The output as the trace file writes it: a number, or a NaN's bits as "0x..." (None: never written)."""
    if isinstance(v, str):
        return None if int(v, 16) == POISON_OUTPUT else float("nan")
    return v


class Launch:
    """Block 0 of one launch: its accesses, intervals, snapshots and the names of its arrays."""

    def __init__(self, index: int, kernel: str, data: dict):
        self.index, self.kernel, self.n = index, kernel, data["n"]
        trace = data["trace"]
        buffers = {k.lower(): v for k, v in data["buffers"].items()}
        # e = [launch, block, interval, thread, "r"|"w", atomic, space, index, line]
        self.events = [e for e in trace["events"] if e[0] == index and e[1] == 0]
        self.intervals = sorted((i[2], i[3]) for i in trace["intervals"] if i[0] == index and i[1] == 0)
        self.snapshots = {(s["interval"], s["variable"]): s for s in trace["snapshots"]
                          if s["launch"] == index and s["block"] == 0}
        self.names = {}
        for e in self.events:
            space = e[6]
            self.names[space] = buffers.get(space[7:].lower(), "global") if self.is_global(space) else space[7:]
        self._touched = {}
        for e in self.events:
            self._touched.setdefault(e[6], set()).add(e[7])
        self._races = None
        first_seen = list(self.names)
        self.spaces = sorted(self.names, key=lambda s: (GLOBAL_ORDER.get(self.names[s], 1), first_seen.index(s)))
        self.input = [output_value(v) for v in data.get("input", [])]
        self.final_output = [output_value(v) for v in data["output"]]

    @staticmethod
    def is_global(space: str) -> bool:
        return space.startswith("global:")

    def touched(self, space: str) -> set:
        return self._touched.get(space, set())

    def inside_count(self, space: str) -> int:
        """How many of the array's first cells hold the n elements' data: n, or fewer when the
        kernel touched fewer (a workspace of section sums)."""
        touched = self.touched(space)
        return min(self.n, max(touched) + 1) if touched else 0

    def outside(self, space: str) -> list:
        """The cells the kernel touched past the n elements (a block's padding, or a bug)."""
        return sorted(i for i in self.touched(space) if i >= self.n)

    def writes(self) -> dict:
        """interval -> space -> the cells written in it."""
        found = {}
        for e in self.events:
            if e[4] == "w":
                found.setdefault(e[2], {}).setdefault(e[6], set()).add(e[7])
        return found

    def races(self) -> dict:
        """(interval, space, index) -> source lines, for a cell two threads touched in one interval,
        one writing, not both atomically."""
        if self._races is None:
            self._races = self._find_races()
        return self._races

    def _find_races(self) -> dict:
        by_cell = {}
        for e in self.events:
            by_cell.setdefault((e[2], e[6], e[7]), []).append(e)
        found = {}
        for key, events in by_cell.items():
            writers = {e[3] for e in events if e[4] == "w" and not e[5]}
            touchers = {e[3] for e in events if not e[5]}
            if writers and len(touchers) > 1:
                found[key] = sorted({e[8] for e in events if e[8]})
        return found

    def shared_label(self, interval: int, space: str, index: int) -> str:
        """A shared cell's value at the end of an interval, as the inputs it sums ("" never written)."""
        snapshot = self.snapshots.get((interval, self.names[space]))
        if not snapshot or snapshot["element_bytes"] != 4 or index >= len(snapshot["words"]):
            return ""
        word = snapshot["words"][index]
        return "" if word == POISON_SHARED else inputs_label(word_value(word), self.n)
