#!/usr/bin/env python3
"""Record what the lab checks print for each deliberate bug, for the notes' "common bugs" sections.

    cmake -S . -B build -G Ninja && ninja -C build $(ninja -C build -t targets all \\
        | grep -o '^lab[^:/]*check-mutant[^:/]*-cpu:' | tr -d :)
    python3 docs/tools/capture_mutant_messages.py build [--out DIR | --check]

Runs the CPU backend's check of every mutant, tests/mutants/<lab>/<mutation>.mutant (built from
<build>/tests/mutants/src/<lab>/<mutation>.cu, which CMake generates from it), exactly as the mutant suite
does (`--quiet --color never` plus the mutant's `// ARGS:`, default schedule) and writes
docs/generated/bugs/<lab>.md: per mutant, its one-line description and the report of the first
failed case -- the text a student sees first -- verbatim, with the build directory and the
repository path shortened (and a crash's address, which changes from run to run, masked). The
output is committed: the site build does not need a build tree.

--out DIR writes the files into DIR/bugs/ instead. --check writes them into a temporary folder and
compares them with the committed ones (the CTest docs:bug-messages): exit 1 with a diff when the
notes' messages are out of date, 77 (skipped) when a mutant's check is not built.
"""
from __future__ import annotations

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEDULE_VARS = ("SCANLAB_THREAD_ORDER", "SCANLAB_BLOCK_ORDER", "SCANLAB_SEED", "SCANLAB_WATCHDOG_SECONDS")


def first_failure(output: str) -> str:
    lines = output.splitlines()
    start = next((i for i, l in enumerate(lines) if "FAILED" in l), None)
    if start is None:
        return output.strip()
    block = [lines[start]]
    for line in lines[start + 1:]:
        if line.startswith("  [") or re.match(r"^lab\d", line):
            break
        if line.startswith("====="):   # AddressSanitizer's own report: keep only its summary line
            summary = next((l for l in lines if l.startswith("SUMMARY: AddressSanitizer")), None)
            block += ["(AddressSanitizer's report, abridged:)", summary] if summary else []
            break
        block.append(line)
    return "\n".join(block)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", help="the build tree with the mutants' checks (tests/mutants/bin)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--out", help="write DIR/bugs/<lab>.md.txt instead of docs/generated/bugs/")
    mode.add_argument("--check", action="store_true", help="compare with the committed files instead of writing them")
    args = ap.parse_args()
    committed = ROOT / "docs" / "generated" / "bugs"
    if args.check:
        with tempfile.TemporaryDirectory(prefix="scanlab-bugs-") as tmp:
            missing = capture(Path(args.build).resolve(), Path(tmp) / "bugs")
            if missing:
                print(f"capture_mutant_messages: SKIPPED: {missing} mutant check(s) not built")
                return 77
            return compare(Path(tmp) / "bugs", committed)
    out_dir = Path(args.out).resolve() / "bugs" if args.out else committed
    return 1 if capture(Path(args.build).resolve(), out_dir) else 0


def compare(fresh_dir: Path, committed_dir: Path) -> int:
    """0 when every file is the same; else a unified diff per file and 1."""
    names = sorted({p.name for p in fresh_dir.glob("*.md.txt")} | {p.name for p in committed_dir.glob("*.md.txt")})
    stale = 0
    for name in names:
        fresh, old = fresh_dir / name, committed_dir / name
        a = old.read_text().splitlines(keepends=True) if old.exists() else []
        b = fresh.read_text().splitlines(keepends=True) if fresh.exists() else []
        if a != b:
            stale += 1
            sys.stdout.writelines(difflib.unified_diff(a, b, f"committed/{name}", f"rerun/{name}"))
    if stale:
        print(f"capture_mutant_messages: {stale} file(s) of docs/generated/bugs/ differ from what the checks print now: "
              "re-run python3 docs/tools/capture_mutant_messages.py <build dir> and commit the result")
        return 1
    print(f"capture_mutant_messages: docs/generated/bugs/ matches the checks ({len(names)} files)")
    return 0


def mask_spinning_threads(report: str) -> str:
    """A hang report lists where each thread of the running block was when the watchdog fired. While
    a warp spins in a warp collective that snapshot changes from run to run, so it is summarised."""
    m = re.search(r"\n +running block [^\n]*:\n(.*?)\n( +A thread that waits)", report, re.S)
    if not m or not re.search(r"__(any|all|ballot|shfl\w*|match\w*)_sync", m.group(1)):
        return report
    summary = "          (a warp spins in a warp collective: where each thread stood at that moment varies from run to run)"
    return report[:m.start(1)] + summary + report[m.end(1):]


def capture(build: Path, out_dir: Path) -> int:
    """Writes out_dir/<lab>.md.txt for every lab; returns the number of mutant checks not built."""
    bins = build / "tests" / "mutants" / "bin"
    out_dir.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in SCHEDULE_VARS}
    env["ASAN_OPTIONS"] = "detect_leaks=0"
    missing = 0
    for lab_dir in sorted((ROOT / "tests" / "mutants").glob("lab*")):
        lab = lab_dir.name
        parts = ["<!-- generated by docs/tools/capture_mutant_messages.py <build dir>: do not edit -->\n"]
        for src in sorted(lab_dir.glob("*.mutant")):
            text = src.read_text()
            what = re.search(r"^//   what: (.*)$", text, re.M)
            backend = re.search(r"^// BACKEND: *(\S+)", text, re.M)
            backend = backend.group(1) if backend else "cpu"
            args = []
            for a in re.findall(r"^// ARGS: (.*)$", text, re.M):
                args += a.split()
            exe = bins / f"{lab}-check-mutant-{src.stem}-{backend}"
            if not exe.exists():
                print(f"capture_mutant_messages: {exe} not built, skipped")
                missing += 1
                continue
            run = subprocess.run([str(exe), "--quiet", "--color", "never", *args], env=env,
                                 capture_output=True, text=True, timeout=120)
            report = first_failure(run.stdout + run.stderr)
            rel = os.path.relpath(build)
            for prefix in (str(build), rel):
                report = report.replace(prefix + "/tests/mutants/bin/", "build/bin/")
                # the generated mutant's path is not what a student's file is called
                report = report.replace(f"{prefix}/tests/mutants/src/{lab}/{src.stem}.cu", f"labs/{lab}/scan.cu")
            report = report.replace(str(ROOT) + "/", "")
            report = report.replace(f"{lab}-check-mutant-{src.stem}-{backend}", f"{lab}-check-student-{backend}")
            report = report.replace(f"mutant-{src.stem}", "student")
            # a crash's address changes from run to run (ASLR): mask it
            report = re.sub(r"address 0x[0-9a-f]{9,}", "address 0x...", report)
            report = mask_spinning_threads(report)
            title = what.group(1) if what else src.stem
            original = re.search(r"^// SOLUTION: *(\S+)", text, re.M)
            original = original.group(1) if original else "scan.cu"
            parts.append(f"**{title}** (`tests/mutants/{lab}/{src.name}`"
                         f"{f', a broken copy of the advanced reference `{original}`' if original != 'scan.cu' else ''}"
                         f"{', checked with the cpu-asan backend' if backend != 'cpu' else ''}):\n\n"
                         f"```text\n{report}\n```\n")
        (out_dir / f"{lab}.md.txt").write_text("\n".join(parts))
        print(f"wrote {out_dir / (lab + '.md.txt')}")
    return missing


if __name__ == "__main__":
    raise SystemExit(main())
