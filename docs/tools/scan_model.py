"""Exact step-by-step models of the eight labs' scan algorithms, for the lecture notes' figures.

Each model is a list of *steps*. A step is a set of operations that run in parallel: every
operation reads the state as it was before the step (what a barrier between steps guarantees) and
writes one cell. A cell holds a *range* (lo, hi) = input[lo] + ... + input[hi], or EMPTY (the sum
of nothing, i.e. 0), or UNSET. Adding two ranges asserts they are adjacent (lo..m and m+1..hi), so
a model that combines the wrong cells fails here instead of drawing a wrong picture; at the end the
result arrays are compared with the exact inclusive or exclusive scan.

The counts (additions, steps) the notes print come from these models, and the notes' model test
(CTest docs:model) asserts the closed-form formulas against them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import log2

EMPTY = ("empty",)   # the sum of no elements: 0
UNSET = None         # never written


def combine(a, b):
    """a + b for adjacent ranges (a before b)."""
    assert a is not UNSET and b is not UNSET, "reads a cell that was never written"
    if a == EMPTY:
        return b
    if b == EMPTY:
        return a
    assert a[1] + 1 == b[0], f"not adjacent: {a} + {b}"
    return (a[0], b[1])


@dataclass
class Op:
    dst: int
    srcs: list[int]          # read in this order; the result is their sum (one source: a copy)
    kind: str = "add"        # add | copy | zero


@dataclass
class Step:
    label: str
    ops: list[Op]
    phase: str = ""          # groups steps in the figure (e.g. "up-sweep")


@dataclass
class Model:
    key: str
    title: str
    arrays: list[tuple[str, int]]            # named arrays, laid out left to right
    steps: list[Step] = field(default_factory=list)
    initial: dict[int, object] = field(default_factory=dict)
    result: tuple[str, str] = ("", "")        # (array name, "inclusive" | "exclusive" | sections)
    section: int = 0                          # result is per section of this size (0: whole array)
    bipartite: bool = False                   # draw input -> output edges (lab 1)

    def base(self, name: str) -> int:
        off = 0
        for a, size in self.arrays:
            if a == name:
                return off
            off += size
        raise KeyError(name)

    def size(self, name: str) -> int:
        return dict(self.arrays)[name]

    @property
    def cells(self) -> int:
        return sum(s for _, s in self.arrays)

    def run(self):
        """All states (initial + one per step); checks the result is the exact scan."""
        state = [UNSET] * self.cells
        for i, v in self.initial.items():
            state[i] = v
        states = [list(state)]
        for step in self.steps:
            written = set()
            new = list(state)
            for op in step.ops:
                assert op.dst not in written, f"{self.key}/{step.label}: two writes to cell {op.dst}"
                written.add(op.dst)
                if op.kind == "zero":
                    new[op.dst] = EMPTY
                    continue
                value = state[op.srcs[0]]
                assert value is not UNSET, f"{self.key}/{step.label}: reads unset cell {op.srcs[0]}"
                for s in op.srcs[1:]:
                    value = combine(value, state[s])
                new[op.dst] = value
            state = new
            states.append(list(state))
        name, kind = self.result
        b, n = self.base(name), self.size(name)
        for i in range(n):
            lo = (i // self.section) * self.section if self.section else 0
            want = (lo, i) if kind == "inclusive" else ((lo, i - 1) if i > lo else EMPTY)
            assert state[b + i] == want, f"{self.key}: {name}[{i}] = {state[b + i]}, want {want}"
        return states

    @property
    def adds(self) -> int:
        return sum(len(op.srcs) - 1 for s in self.steps for op in s.ops if op.kind == "add")

    @property
    def copies(self) -> int:
        return sum(1 for s in self.steps for op in s.ops if op.kind == "copy")

    @property
    def step_count(self) -> int:
        return len(self.steps)


# ----------------------------------------------------------------------------------------------
# Building blocks (each appends steps that act on one array region).

def copy_in(m: Model, src: str, dst: str, label="load", shift=0):
    """dst[i] = src[i - shift] (0 where i - shift < 0): a parallel load into shared memory."""
    ops = []
    sb, db = m.base(src), m.base(dst)
    for i in range(m.size(dst)):
        if i - shift >= 0:
            ops.append(Op(db + i, [sb + i - shift], "copy"))
        else:
            ops.append(Op(db + i, [], "zero"))
    m.steps.append(Step(label, ops, "load"))


def kogge_stone(m: Model, arr: str, lo: int, n: int, phase="Kogge-Stone", double_buffer: str = ""):
    """In-place Kogge-Stone on arr[lo:lo+n]; with double_buffer, alternate with that array and copy
    the unchanged cells. Returns the name of the array holding the result."""
    src, dst = arr, (double_buffer or arr)
    s = 1
    while s < n:
        sb, db = m.base(src) + lo, m.base(dst) + lo
        ops = [Op(db + t, [sb + t - s, sb + t]) for t in range(s, n)]
        if double_buffer:
            ops += [Op(db + t, [sb + t], "copy") for t in range(0, s)]
        m.steps.append(Step(f"stride {s}", ops, phase))
        if double_buffer:
            src, dst = dst, src
        s *= 2
    return src


def up_sweep(m: Model, arr: str, lo: int, n: int):
    b = m.base(arr) + lo
    s = 1
    while s < n:
        ops = []
        for t in range(n // (2 * s)):
            i = (t + 1) * 2 * s - 1
            ops.append(Op(b + i, [b + i - s, b + i]))
        m.steps.append(Step(f"stride {s}", ops, "up-sweep (reduction tree)"))
        s *= 2


def down_sweep_inclusive(m: Model, arr: str, lo: int, n: int):
    b = m.base(arr) + lo
    s = n // 4
    while s >= 1:
        ops = []
        for t in range(n):
            i = (t + 1) * 2 * s - 1
            if i + s < n:
                ops.append(Op(b + i + s, [b + i, b + i + s]))
        m.steps.append(Step(f"stride {s}", ops, "down-sweep (distribution tree)"))
        s //= 2


def down_sweep_exclusive(m: Model, arr: str, lo: int, n: int):
    """Blelloch: zero the root, then each node gives its value to its left child and
    value + left child's old value to its right child."""
    b = m.base(arr) + lo
    m.steps.append(Step("root := 0", [Op(b + n - 1, [], "zero")], "zero the root"))
    s = n // 2
    while s >= 1:
        ops = []
        for t in range(n // (2 * s)):
            right = (t + 1) * 2 * s - 1
            left = right - s
            ops.append(Op(left, [right], "copy"))
            ops.append(Op(right, [right, left]))
        for op in ops:
            op.dst += b
            op.srcs = [x + b for x in op.srcs]
        m.steps.append(Step(f"stride {s}", ops, "down-sweep (Blelloch)"))
        s //= 2


def brent_kung(m: Model, arr: str, lo: int, n: int):
    up_sweep(m, arr, lo, n)
    down_sweep_inclusive(m, arr, lo, n)


# ----------------------------------------------------------------------------------------------
# The labs' models.

def naive(n=8) -> Model:
    m = Model("lab1", "Naive: thread i adds x[0..i] by itself", [("x", n), ("y", n)],
              result=("y", "inclusive"), bipartite=True)
    m.initial = {i: (i, i) for i in range(n)}
    # Loop iteration k of every thread i >= k: y[i] += x[k] (one step per iteration: the span).
    yb = m.base("y")
    m.steps.append(Step("k = 0", [Op(yb + i, [0], "copy") for i in range(n)], "loop"))
    for k in range(1, n):
        m.steps.append(Step(f"k = {k}", [Op(yb + i, [yb + i, k]) for i in range(k, n)], "loop"))
    return m


def lab2(n=16) -> Model:
    m = Model("lab2", "Kogge-Stone, in place (two barriers per step)", [("XY", n)],
              result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    kogge_stone(m, "XY", 0, n)
    return m


def lab3(n=16) -> Model:
    m = Model("lab3", "Kogge-Stone, double buffer (one barrier per step)", [("A", n), ("B", n)])
    m.initial = {i: (i, i) for i in range(n)}
    last = kogge_stone(m, "A", 0, n, double_buffer="B")
    m.result = (last, "inclusive")
    return m


def lab4(n=16) -> Model:
    m = Model("lab4", "Brent-Kung: up-sweep, then down-sweep", [("XY", n)], result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    brent_kung(m, "XY", 0, n)
    return m


def lab5(n=16) -> Model:
    m = Model("lab5", "Exclusive (Blelloch): up-sweep, zero the root, down-sweep", [("XY", n)],
              result=("XY", "exclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    up_sweep(m, "XY", 0, n)
    down_sweep_exclusive(m, "XY", 0, n)
    return m


def lab6(threads=4, coarse=4) -> Model:
    n = threads * coarse
    m = Model("lab6", f"Coarsened three-phase scan ({threads} threads x {coarse} items)",
              [("XY", n), ("T", threads)], result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    for j in range(1, coarse):   # phase 1: every thread scans its own items, sequentially
        m.steps.append(Step(f"item {j}", [Op(t * coarse + j, [t * coarse + j - 1, t * coarse + j])
                                          for t in range(threads)], "phase 1: sequential per thread"))
    tb = m.base("T")
    m.steps.append(Step("thread totals", [Op(tb + t, [t * coarse + coarse - 1], "copy")
                                          for t in range(threads)], "phase 2: scan the totals"))
    kogge_stone(m, "T", 0, threads, phase="phase 2: scan the totals")
    m.steps.append(Step("add carry", [Op(t * coarse + j, [tb + t - 1, t * coarse + j])
                                      for t in range(1, threads) for j in range(coarse)],
                        "phase 3: add the carry"))
    return m


def lab7(n=16, section=4) -> Model:
    arrays, size = [("XY", n)], n
    while size > section:          # one array of section sums per level
        size //= section
        arrays.append((f"S{len(arrays)}" if len(arrays) > 1 else "S", size))
    m = Model("lab7", f"Hierarchical: scan sections of {section}, scan their sums, add back", arrays,
              result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    _hierarchical(m, 0, section, [1])
    return m


def _hierarchical(m: Model, level: int, section: int, kernel: list[int]):
    """Scan arrays[level] by sections, save their totals one level down, recurse, add back."""
    arr, n = m.arrays[level]
    _parallel_sections(m, arr, n, section, f"kernel {kernel[0]}: scan each section of {arr}")
    if n <= section:
        kernel[0] += 1
        return
    sums = m.arrays[level + 1][0]
    ab, sb = m.base(arr), m.base(sums)
    m.steps.append(Step("save totals", [Op(sb + b, [ab + b * section + section - 1], "copy")
                                        for b in range(n // section)],
                        f"kernel {kernel[0]}: scan each section of {arr}"))
    kernel[0] += 1
    _hierarchical(m, level + 1, section, kernel)
    m.steps.append(Step("add back", [Op(ab + b * section + j, [sb + b - 1, ab + b * section + j])
                                     for b in range(1, n // section) for j in range(section)],
                        f"kernel {kernel[0]}: add the earlier sections' total to {arr}"))
    kernel[0] += 1


def _parallel_sections(m: Model, arr: str, n: int, section: int, phase: str):
    """Brent-Kung on every section of arr at once: the steps of all sections merged."""
    per_section = []
    for b in range(0, n, min(section, n)):
        tmp = Model("tmp", "", m.arrays)
        brent_kung(tmp, arr, b, min(section, n))
        per_section.append(tmp.steps)
    for k in range(len(per_section[0])):
        ops = [op for steps in per_section for op in steps[k].ops]
        m.steps.append(Step(per_section[0][k].label, ops, phase + " — " + per_section[0][k].phase))


def lab8_chain(n=16, tile=4) -> Model:
    tiles = n // tile
    m = Model("lab8-chain", "Single pass, chained: each tile waits for its predecessor's prefix",
              [("XY", n), ("P", tiles)], result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    _parallel_tiles_ks(m, n, tile)
    pb = m.base("P")
    m.steps.append(Step("tile 0 publishes", [Op(pb, [tile - 1], "copy")], "hand-off chain (serial)"))
    for b in range(1, tiles):
        m.steps.append(Step(f"tile {b} publishes", [Op(pb + b, [pb + b - 1, b * tile + tile - 1])],
                            "hand-off chain (serial)"))
    _add_prefix(m, n, tile, "P")
    return m


def lab8_lookback(n=16, tile=4) -> Model:
    """Decoupled look-back, idealised schedule: every tile publishes its aggregate A right after its
    local scan; then each tile sums the aggregates of its predecessors back to tile 0 (whose A is
    also its inclusive prefix) in one round, instead of waiting for a chain."""
    tiles = n // tile
    m = Model("lab8-lookback", "Single pass, decoupled look-back (all tiles look back at once)",
              [("XY", n), ("A", tiles), ("P", tiles)], result=("XY", "inclusive"))
    m.initial = {i: (i, i) for i in range(n)}
    _parallel_tiles_ks(m, n, tile)
    ab, pb = m.base("A"), m.base("P")
    m.steps.append(Step("publish aggregates", [Op(ab + b, [b * tile + tile - 1], "copy")
                                               for b in range(tiles)], "publish A (tile total)"))
    m.steps.append(Step("look back", [Op(pb + b, [ab + j for j in range(b + 1)]) for b in range(tiles)],
                        "look back, publish P (inclusive prefix)"))
    _add_prefix(m, n, tile, "P")
    return m


def _parallel_tiles_ks(m: Model, n: int, tile: int):
    per = []
    for b in range(0, n, tile):
        tmp = Model("tmp", "", m.arrays)
        kogge_stone(tmp, "XY", b, tile)
        per.append(tmp.steps)
    for k in range(len(per[0])):
        m.steps.append(Step(per[0][k].label, [op for st in per for op in st[k].ops], "tile scan (every tile at once)"))


def _add_prefix(m: Model, n: int, tile: int, arr: str):
    pb = m.base(arr)
    m.steps.append(Step("add prefix", [Op(b * tile + j, [pb + b - 1, b * tile + j])
                                       for b in range(1, n // tile) for j in range(tile)],
                        "add the predecessors' prefix"))


MODELS = {
    "lab1-naive": [naive],
    "lab2-kogge-stone": [lab2],
    "lab3-double-buffer": [lab3],
    "lab4-brent-kung": [lab4],
    "lab5-exclusive": [lab5],
    "lab6-coarsened": [lab6],
    "lab7-hierarchical": [lab7],
    "lab8-single-pass": [lab8_chain, lab8_lookback],
}


# ----------------------------------------------------------------------------------------------
# Closed forms (asserted against the models by the notes' model test, CTest docs:model).

def ilog2(n: int) -> int:
    k = int(log2(n))
    assert 1 << k == n, f"{n} is not a power of two"
    return k


FORMULAS = {
    # name: (adds(n), steps(n)) for a power-of-two n
    "naive": (lambda n: n * (n - 1) // 2, lambda n: n),
    "kogge_stone": (lambda n: n * ilog2(n) - (n - 1), lambda n: ilog2(n)),
    "brent_kung": (lambda n: 2 * (n - 1) - ilog2(n), lambda n: 2 * ilog2(n) - 1),
    "blelloch": (lambda n: 2 * (n - 1), lambda n: 2 * ilog2(n) + 1),
}


def coarsened_counts(threads: int, coarse: int):
    adds = threads * (coarse - 1) + FORMULAS["kogge_stone"][0](threads) + (threads - 1) * coarse
    steps = (coarse - 1) + 1 + ilog2(threads) + 1
    return adds, steps


def hierarchical_counts(n: int, section: int):
    """(adds, steps, kernels) of the hierarchical scan with Brent-Kung sections, n a power of
    section."""
    bk_adds, bk_steps = FORMULAS["brent_kung"][0](section), FORMULAS["brent_kung"][1](section)
    if n <= section:
        return bk_adds * (n // section or 1), bk_steps, 1
    sections = n // section
    sub_adds, sub_steps, sub_kernels = hierarchical_counts(sections, section)
    # this level: scan sections, save totals (a step, no add), recurse, add back
    return (sections * bk_adds + sub_adds + (n - section),
            bk_steps + 1 + sub_steps + 1,
            sub_kernels + 2)


def single_pass_counts(n: int, tile: int, lookback: bool):
    tiles = n // tile
    ks_adds, ks_steps = FORMULAS["kogge_stone"][0](tile), FORMULAS["kogge_stone"][1](tile)
    if lookback:   # idealised: tile b sums b+1 published values in one round
        chain_adds, chain_steps = tiles * (tiles - 1) // 2, 2
    else:
        chain_adds, chain_steps = tiles - 1, tiles
    return tiles * ks_adds + chain_adds + (n - tile), ks_steps + chain_steps + 1
