#!/usr/bin/env python3
"""Samples /proc while a command runs and sums user and system CPU seconds by program name.

    python3 bench/device/cpu_by_program.py OUT.txt -- COMMAND...

Every 0.2 s it reads each process's utime and stime (/proc/PID/stat); a process's last sample is
what counts, so one that lives less than a sample is missed, and the CPU time a process spends
after its last sample is lost (at most 0.2 s each). Also the deltas of /proc/vmstat's page
counters and of context switches over the run."""
import collections
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def sample(seen):
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                text = f.read()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        start = fields[19]  # starttime: a pid reused later is another process
        seen[(pid, start)] = (comm, int(fields[11]) / TICK, int(fields[12]) / TICK)


def counters():
    vm = dict(line.split() for line in open("/proc/vmstat"))
    ctxt = next(int(line.split()[1]) for line in open("/proc/stat") if line.startswith("ctxt"))
    return {k: int(vm.get(k, 0)) for k in ("pgfault", "pgmajfault", "pgalloc_normal", "thp_fault_alloc", "pgfree")} | {"ctxt": ctxt}


out, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
before_seen = {}
sample(before_seen)
c0 = counters()
child = subprocess.Popen(command)
seen = {}
while child.poll() is None:
    sample(seen)
    time.sleep(0.2)
c1 = counters()
by_comm = collections.defaultdict(lambda: [0, 0.0, 0.0])
for key, (comm, user, system) in seen.items():
    if key in before_seen:  # running before the command: count only what it used since
        user -= before_seen[key][1]
        system -= before_seen[key][2]
    entry = by_comm[comm]
    entry[0] += 1
    entry[1] += user
    entry[2] += system
with open(out, "w") as f:
    f.write(f"{'program':24s} {'processes':>9s} {'user s':>9s} {'sys s':>9s}\n")
    for comm, (count, user, system) in sorted(by_comm.items(), key=lambda kv: -(kv[1][1] + kv[1][2])):
        if user + system >= 0.5:
            f.write(f"{comm:24s} {count:9d} {user:9.1f} {system:9.1f}\n")
    for k in c0:
        f.write(f"{k}: {c1[k] - c0[k]}\n")
sys.exit(child.returncode)
