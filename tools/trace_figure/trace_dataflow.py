"""Which cells a thread read to compute each cell it wrote: the arrows of the drawing.

The trace has no values in registers, so this guesses from each thread's accesses, in its own
order. A write on the line of some of the thread's pending reads used those (`XY[t] +=
XY[t - s]`, `XY[t] = in[i]`), and they are used up: a thread that loads one input and then
zero-fills a padding cell on the same line draws one arrow, not two. Otherwise the write may
have used any read the thread made since its last write on the line of its reads (`temp = XY[t]
+ XY[t - s]; __syncthreads(); XY[t] = temp`: the value crossed a barrier in a register), and
those reads stay candidates for its other writes in the same interval (lab 5's `XY[l] = parent;
XY[r] = parent + left`, lab 6's unrolled `v[k] + carry`). Such a write is marked guessed, for
the caller to narrow by the values it knows.
"""
from __future__ import annotations

from trace_launch import Launch


def dataflow(launch: Launch) -> list:
    """[(write, [reads], guessed)] in the order of the writes, each cell as (space, index,
    interval): the reads whose values the write may have used (none: it wrote a constant, as a
    padding cell's 0, or a value kept in a register since an earlier interval)."""
    pending = {}   # thread -> reads not yet used: (space, index, interval, line)
    shared = {}    # thread -> (interval, reads) that the guessed writes of that interval share
    flows = []
    for e in launch.events:
        interval, thread, kind, space, index, line = e[2], e[3], e[4], e[6], e[7], e[8]
        reads = pending.setdefault(thread, [])
        if kind != "w":
            reads.append((space, index, interval, line))
            continue
        same_line = [r for r in reads if line and r[3] == line]
        if same_line:
            pending[thread] = [r for r in reads if r not in same_line]
            flows.append(((space, index, interval), [r[:3] for r in same_line], False))
            continue
        earlier_interval, candidates = shared.get(thread, (None, []))
        candidates = (candidates if earlier_interval == interval else []) + reads
        shared[thread] = (interval, candidates)
        pending[thread] = []
        flows.append(((space, index, interval), [r[:3] for r in candidates], bool(candidates)))
    return flows
