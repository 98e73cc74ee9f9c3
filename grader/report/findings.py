"""What the detectors named, read back from the grader's messages: one Finding per distinct bug of a
student's lab (a race on a variable between two lines, a divergent barrier, an out-of-bounds access,
a hang), so that a class's findings can be grouped by what they name.

The messages are the grader's own (cpu_backend access checks, judge_case.cpp, case_runner.cpp);
tests/grader/report_tests.py checks these patterns against a real batch, so a changed message
shows up there and not as a silently empty report.
"""
import re
from dataclasses import dataclass

# race on shared `XY[1]` (declared at scan.cu:25) in block (0,0,0) of kernel `k` launched at ...
RACE = re.compile(r"race on (\w+) `([^`\[]+)[^`]*` \(declared at ([^)]+)\).*?kernel `([^`]+)`")
# read of uninitialised shared `XY[1]` (declared at scan.cu:27) in block ... kernel `k`
UNINITIALISED = re.compile(r"read of uninitialised (\w+) `([^`\[]+)[^`]*` \(declared at ([^)]+)\).*?kernel `([^`]+)`")
# thread 1 wrote it at scan.cu:40:   if (t >= stride) XY[t] = temp;
ACCESS = re.compile(r"^\s*thread \d+ (wrote|read) it at ([^\s:]+:\d+):\s*(.*)$")
# divergent barrier in block (0,0,0) of kernel `k` launched at ...
DIVERGENT = re.compile(r"divergent barrier in block \([^)]*\) of kernel `([^`]+)`")
# 1 thread (0) wait at __syncthreads() labs/lab2/scan.cu:31 / ... (returned at labs/.../scan.cu:27 ...
BARRIER_SITE = re.compile(r"(?:wait at (__syncthreads\(\)|[\w:.<>()]+) |returned at )(\S+?:\d+)")
# out of bounds read of input[33], past its end (n = 33), in call 1 of scan()
OUT_OF_BOUNDS = re.compile(r"out of bounds (read|write) of ([A-Za-z_]\w*)\[")
ASAN_SUMMARY = re.compile(r"SUMMARY: AddressSanitizer: (\S+) (\S+?:\d+)")
# wrote past the end of the output: output[1] with n = 1 (guard zone damaged, ...)
GUARD_ZONE = re.compile(r"wrote (?:past the end|before the start) of the \w+: ([A-Za-z_]\w*)\[")
# misaligned access of 'const struct float2' at address 0x... (4 bytes past ...) at lab5/scan.cu:16
MISALIGNED = re.compile(r"misaligned access of '([^']+)' at address \S+ \([^)]*\) at (\S+?:\d+)")
# hang: kernel `k` launched at ... made no progress for 2.00 s
HANG = re.compile(r"hang: kernel `([^`]+)` launched at (\S+?:\d+)")
# the progress test's verdict when the kernel finishes in index order but not in reverse
DEADLOCK = "deadlock: blocks wait on each other"


@dataclass(frozen=True)
class Finding:
    kind: str        # race, uninitialised_read, divergent_barrier, out_of_bounds, misaligned_access, hang, deadlock
    variable: str    # the shared or global variable, the buffer, or the kernel
    lines: tuple     # "scan.cu:40" and the like, sorted
    code: tuple      # the source lines named, as printed (whitespace collapsed)
    access: str = ""  # out of bounds: "read" or "write"

    def title(self):
        if self.kind == "out_of_bounds" and self.access:
            return f"out-of-bounds {self.access} of `{self.variable}`"
        what = {"race": "race on `{}`", "uninitialised_read": "read of uninitialised `{}`",
                "divergent_barrier": "divergent barrier in `{}`", "out_of_bounds": "out-of-bounds access to `{}`",
                "misaligned_access": "misaligned `{}`", "hang": "no progress in `{}`",
                "deadlock": "blocks wait on each other in `{}`"}[self.kind]
        return what.format(self.variable)


def _squash(code):
    return " ".join(code.split())


def _file_line(location):
    """labs/lab2-kogge-stone/scan.cu:31 -> scan.cu:31 (a student's file is always scan.cu)."""
    return location.rsplit("/", 1)[-1]


def _accesses(lines, start):
    """The `thread N wrote/read it at` lines after a race or uninitialised-read header."""
    sites, code = [], []
    for line in lines[start + 1:start + 4]:
        m = ACCESS.match(line)
        if not m:
            break
        sites.append(_file_line(m.group(2)))
        code.append(_squash(m.group(3)))
    return sites, code


def parse(text):
    """The findings one test's output names, each once."""
    found = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if (m := RACE.search(line)):
            sites, code = _accesses(lines, i)
            found.append(Finding("race", m.group(2), tuple(sorted(set(sites))), tuple(sorted(set(code)))))
        elif (m := UNINITIALISED.search(line)):
            sites, code = _accesses(lines, i)
            found.append(Finding("uninitialised_read", m.group(2), tuple(sorted(set(sites))), tuple(sorted(set(code)))))
        elif (m := DIVERGENT.search(line)):
            sites = []
            for follow in lines[i + 1:i + 6]:
                sites += [_file_line(s.group(2)) for s in BARRIER_SITE.finditer(follow)]
            found.append(Finding("divergent_barrier", m.group(1), tuple(sorted(set(sites))), ()))
        elif (m := OUT_OF_BOUNDS.search(line)):
            sites = [_file_line(s.group(2)) for s in ASAN_SUMMARY.finditer(text)]
            found.append(Finding("out_of_bounds", m.group(2), tuple(sorted(set(sites))), (), m.group(1)))
        elif (m := GUARD_ZONE.search(line)):
            found.append(Finding("out_of_bounds", m.group(1), (), (), "write"))
        elif (m := MISALIGNED.search(line)):
            found.append(Finding("misaligned_access", m.group(1), (_file_line(m.group(2)),), ()))
        elif (m := HANG.search(line)):
            kind = "deadlock" if DEADLOCK in text else "hang"
            found.append(Finding(kind, m.group(1), (_file_line(m.group(2)),), ()))
    unique = []
    for f in found:
        if f not in unique:
            unique.append(f)
    return unique


def lab_findings(lab):
    """The distinct findings of one student's lab, from every failing test's output."""
    out = []
    for t in lab.tests:
        if t.passed or not t.graded:
            continue
        for f in parse(t.output):
            if f not in out:
                out.append(f)
    return out
