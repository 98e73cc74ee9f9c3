#!/usr/bin/env python3
"""Runs one conformance program on the CPU backend and compares it with its GPU recording.

Builds programs/<area>/<name>.cu with scanlab-nvcc (cached: rebuilt only when the source, its flags or the
backend changed), runs it under each thread/block order and compares stdout plus a last line "exit=<code>"
with expected/<area>/<name>.out, recorded on a GPU by record_gpu.sh. A program whose header says
`// conformance-cpu-rejects: <regex>` uses a feature the CPU backend refuses on purpose: it passes when the
build fails with a message matching <regex>. The forward run has the access checks on every launch: a
race or uninitialised-read report there fails the program (they are correct programs), unless the header says
`// conformance-cpu-reports: <regex>` (matched across lines; a textbook idiom with a race the GPU hides, such as warp-synchronous code
without __syncwarp): then the forward run must report it, matching <regex>. Exit status: 0 pass, 1 fail, 77
skipped (no recording yet).
"""
import argparse
import platform
import difflib
import hashlib
import os
import re
import subprocess
import sys
import tempfile

SKIP = 77
ALL_ORDERS = ("forward", "reverse", "random")


def header_value(source_text, key):
    """The text after '// <key>:' in the program's comments, or None."""
    match = re.search(r"^//\s*" + re.escape(key) + r":(.*)$", source_text, re.MULTILINE)
    return match.group(1).strip() if match else None


def newest_mtime(paths):
    """Newest modification time among files and (recursively) folders: the backend's state."""
    newest = 0.0
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in os.walk(path):
                for name in files:
                    newest = max(newest, os.stat(os.path.join(root, name)).st_mtime)
        elif os.path.exists(path):
            newest = max(newest, os.stat(path).st_mtime)
    return newest


def build(args, source_text, flags):
    """Builds the program unless an up-to-date build (or build failure) is cached. Returns (binary, error)."""
    os.makedirs(os.path.dirname(args.binary), exist_ok=True)
    key = hashlib.sha256()
    key.update(source_text.encode())
    key.update(("\0" + " ".join(flags) + "\0" + args.opt + "\0" + args.nvcc).encode())
    key.update(repr(newest_mtime([args.nvcc] + args.depends)).encode())
    digest = key.hexdigest()
    stamp, failure = args.binary + ".key", args.binary + ".build-failed"
    if os.path.exists(stamp) and open(stamp).read() == digest:
        if os.path.exists(failure):
            return None, open(failure).read()
        if os.path.exists(args.binary):
            return args.binary, None
    for stale in (stamp, failure):
        if os.path.exists(stale):
            os.remove(stale)
    command = [args.nvcc, args.opt] + flags + [args.program, "-o", args.binary]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ok = result.returncode == 0
    if not ok:
        with open(failure, "w") as out:
            out.write("$ " + " ".join(command) + "\n" + result.stdout)
    with open(stamp, "w") as out:
        out.write(digest)
    return (args.binary, None) if ok else (None, open(failure).read())


# The access checks' reports (cpu_backend/src/access_checks.h): none may appear in these correct
# programs, so the forward run of each is checked, every launch, and its stderr read.
FINDING = re.compile(r"^scanlab-cpu: (race on |read of uninitialised )", re.MULTILINE)


def run(binary, order, seed, timeout, access_checks=False):
    """Runs the binary under one schedule; returns (stdout + 'exit=<code>' line, stderr)."""
    env = dict(os.environ, SCANLAB_THREAD_ORDER=order, SCANLAB_BLOCK_ORDER=order, SCANLAB_SEED=str(seed),
               SCANLAB_ACCESS_CHECKS="on" if access_checks else "off")
    with tempfile.TemporaryDirectory() as work:  # stray files a program writes stay out of the tree
        try:
            result = subprocess.run([binary], cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    timeout=timeout)
            code = result.returncode if result.returncode >= 0 else 128 - result.returncode  # as a shell reports it
            out, err = result.stdout, result.stderr
        except subprocess.TimeoutExpired as expired:
            code, out, err = 124, expired.stdout or b"", (expired.stderr or b"") + b"\n[timed out]\n"
    text = out.decode(errors="replace")
    return text + "exit=%d\n" % code, err.decode(errors="replace")


def can_fuse(nvcc):
    """Whether scanlab-nvcc fuses a * b + c in device code here: GCC, and fma on an x86-64 processor."""
    if platform.machine() in ("x86_64", "AMD64"):
        try:
            with open("/proc/cpuinfo") as f:
                if not re.search(r"^flags\s*:.*\bfma\b", f.read(), re.MULTILINE):
                    return False
        except OSError:
            return False
    compiler = os.environ.get("CXX")
    if not compiler:
        m = re.search(r'^cxx="\$\{CXX:-(.*)\}"', open(nvcc).read(), re.MULTILINE)
        compiler = m.group(1) if m else ""
    return "clang" not in os.path.basename(compiler)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--program", required=True, help="the .cu file")
    parser.add_argument("--expected", required=True, help="its GPU recording")
    parser.add_argument("--nvcc", required=True, help="the build tree's bin/scanlab-nvcc")
    parser.add_argument("--binary", required=True, help="where the cached build goes")
    parser.add_argument("--depends", action="append", default=[],
                        help="files or folders of the backend: a newer one forces a rebuild")
    parser.add_argument("--opt", default="-O1")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--orders", default=None, help="comma-separated; default: the program's header or all")
    args = parser.parse_args()

    name = os.path.relpath(args.program, os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs"))
    # SCANLAB_CONFORMANCE_EXPECTED=<dir>: compare with another recording (e.g. a fresh $OUT/expected) in place.
    if os.environ.get("SCANLAB_CONFORMANCE_EXPECTED"):
        args.expected = os.path.join(os.environ["SCANLAB_CONFORMANCE_EXPECTED"], name[:-3] + ".out")
    if not os.path.exists(args.expected):
        print("SKIPPED: no GPU recording for %s yet (%s); run tests/conformance/record_gpu.sh on a GPU machine"
              % (name, args.expected))
        return SKIP
    expected = open(args.expected).read()
    source_text = open(args.program).read()
    flags = (header_value(source_text, "conformance-flags") or "").split()
    orders = (args.orders or header_value(source_text, "conformance-orders") or ",".join(ALL_ORDERS))
    orders = [o.strip() for o in orders.replace(" ", ",").split(",") if o.strip()]

    # Fused multiply-adds need GCC and, on x86-64, a processor with fma instructions (prelude.h).
    if header_value(source_text, "conformance-cpu-needs") == "fma" and not can_fuse(args.nvcc):
        print("SKIPPED: %s needs fused multiply-adds, which this machine's CPU backend does not make "
              "(clang, or an x86-64 processor without fma instructions)" % name)
        return SKIP
    # A difference the CPU backend cannot remove yet: reported as skipped, with the reason, never hidden.
    known = header_value(source_text, "conformance-cpu-known-difference")
    if known:
        print("SKIPPED: %s differs on the CPU backend, a known difference: %s" % (name, known))
        return SKIP
    binary, error = build(args, source_text, flags)
    # A feature the CPU backend does not provide on purpose: the program still documents what the GPU
    # does (its recording), and the CPU backend must refuse it with a message naming the feature.
    rejects = header_value(source_text, "conformance-cpu-rejects")
    if rejects:
        if binary is not None:
            print("FAIL %s: the CPU backend built it, but it should be refused with a message matching /%s/"
                  % (name, rejects))
            return 1
        if not re.search(rejects, error):
            print("FAIL %s: refused, but no message matches /%s/:\n%s" % (name, rejects, error[:2000]))
            return 1
        first = next((l for l in error.splitlines() if re.search(rejects, l)), "")
        print("ok   %s refused on purpose: %s" % (name, first.strip()))
        return 0
    if binary is None:
        lines = error.splitlines()
        first = next((l for l in lines if "error" in l), lines[-1] if lines else "")
        print("BUILD FAILED on the CPU backend: %s\nfirst error: %s" % (name, first))
        print("\n".join(lines[:40]))
        return 1

    # A race the program has on purpose (the idiom it checks): the access checks must find it.
    reports = header_value(source_text, "conformance-cpu-reports")
    failed = 0
    for order in orders:
        actual, stderr = run(binary, order, args.seed, args.timeout, access_checks=order == "forward")
        if reports and order == "forward" and not re.search(reports, stderr, re.DOTALL):
            failed += 1
            print("FAIL %s order=forward: the access checks should report /%s/:\n%s" % (name, reports, stderr[-3000:]))
            continue
        if FINDING.search(stderr) and not reports:
            failed += 1
            print("FAIL %s order=%s: the access checks reported a race or an uninitialised read in a correct "
                  "program (a false finding):\n%s" % (name, order, stderr[-3000:]))
            continue
        if actual == expected:
            print("ok   %s order=%s" % (name, order))
            continue
        failed += 1
        print("FAIL %s order=%s (replay: SCANLAB_THREAD_ORDER=%s SCANLAB_BLOCK_ORDER=%s SCANLAB_SEED=%d %s)"
              % (name, order, order, order, args.seed, binary))
        diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                    "expected (GPU)", "actual (CPU backend, %s)" % order)
        sys.stdout.writelines(list(diff)[:80])
        if stderr.strip():
            print("--- stderr (last lines) ---")
            print("\n".join(stderr.splitlines()[-15:]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
