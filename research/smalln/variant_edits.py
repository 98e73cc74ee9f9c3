#!/usr/bin/env python3
"""Prints lab 8's advanced reference with named research edits applied, for one_tile.sh.

    python3 research/smalln/variant_edits.py SOURCE EDIT[+EDIT...] > variant.cu

Each edit replaces one exact piece of the source and fails when that piece is not found exactly
once, so a change to the reference cannot silently turn a variant into a copy of the original.
Variants whose name starts with "diag" compute wrong results on purpose (one_tile.cu skips their
check): they take a step out to show what it costs.
"""
import os
import re
import subprocess
import sys
import tempfile

# "deep": the look-back reads LOOKBACK_DEPTH status words per lane per step (4 in the patch; set
# another with LOOKBACK_DEPTH=K after it, e.g. deep+LOOKBACK_DEPTH=2). Measured and not kept.
_DEEP_PATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deep_lookback.patch")

EDITS = {
    # Polls of the look-back without the 20 ns pause between them.
    "nosleep": [("                __nanosleep(20);\n", "")],
    # Diagnostic: the staged kernel's look-ahead warp takes 0 as the prefix (no waiting: target 1's
    # ceiling for this kernel's way of moving bytes; time it with ONE_TILE_STREAM_LOG2).
    "diagnowaitstaged": [(
        "        else tile_prefix = look_back<false, false>(tile, epoch, nullptr, 0, nullptr);",
        "        else tile_prefix = 0.0f;  // diagnostic: no look-back")],
    # Diagnostic: every tile publishes but takes 0 as its prefix (no look-back, no waiting).
    "diagnowait": [(
        "    const float tile_prefix = look_back<kFallback, kVectorized, kTile>(tile, epoch, input, n, carry_in);",
        "    const float tile_prefix = 0.0f;  // diagnostic: no look-back\n"
        "    (void)input; (void)n; (void)carry_in;")],
}

def _read_beside(name):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name)) as f:
        return f.read()


# "cluster": the latency kernel's tiles in thread-block clusters from LATENCY_TILE + 1 elements
# (cluster_kernel.inc; CLUSTER_MAX=4 and CLUSTER_UP_TO_N=... after it change it).
def _cluster_edits():
    kernel = _read_beside("cluster_kernel.inc")
    return [
        ("#include <cuda_pipeline.h>\n", "#include <cuda_pipeline.h>\n#include <cooperative_groups.h>\n"),
        ("// ---- the staged kernel (large n) ----", kernel + "// ---- the staged kernel (large n) ----"),
        ("        } else if (count <= LATENCY_UP_TO_N) {\n",
         "        } else if (count > LATENCY_TILE && count <= CLUSTER_UP_TO_N) {\n"
         "            if (vectorized)\n"
         "                launch_cluster<true>(input + done, output + done, count, epoch, carry_in);\n"
         "            else\n"
         "                launch_cluster<false>(input + done, output + done, count, epoch, carry_in);\n"
         "        } else if (count <= LATENCY_UP_TO_N) {\n"),
    ]


def _staged_replacement(kernel_file, launch):
    """A kernel file inserted before launch_staged, whose launch then calls `launch` instead."""
    marker = "template <bool kVectorized>\nvoid launch_staged("
    return [
        (marker, _read_beside(kernel_file) + marker),
        ("    staged_scan_kernel<kVectorized><<<tiles, STAGED_BLOCK_THREADS>>>(input, output, count, epoch, carry_in);\n",
         launch),
    ]


def _pc_edits():
    """pc_kernel.inc in place of the staged kernel's launch."""
    return _staged_replacement(
        "pc_kernel.inc", "    launch_pc<kVectorized>(tiles, input, output, count, epoch, carry_in);\n")


_INSERTS = {
    "cluster": _cluster_edits,
    # the staged kernel as a persistent pipeline with two buffers per block
    "persist": lambda: _staged_replacement(
        "persistent_kernel.inc", "    launch_persistent<kVectorized>(tiles, input, output, count, epoch, carry_in);\n"),
    # producer, reduce, look-back and consumer warps over a ring of buffers (one block per SM)
    "pc": _pc_edits,
    # diagnostic: "pc" with its look-back warps taking 0 as the prefix (its way of moving bytes alone)
    "diagnowaitpc": lambda: _pc_edits() + [(
        "        else prefix = look_back<false, false>(ticket, epoch, nullptr, 0, nullptr);",
        "        else prefix = 0.0f;  // diagnostic: no look-back")],
    # reduce blocks and scan blocks in one grid
    "split": lambda: _staged_replacement(
        "split_kernel.inc", "    (void)tiles;\n    launch_split<kVectorized>(input, output, count, epoch, carry_in);\n"),
}

# Switch points: lat<K> uses the latency kernel up to 2^K, staged<K> the staged kernel from 2^K.
# NAME=VALUE sets any `constexpr unsigned NAME` (LOOKBACK_DEPTH=4).
_SWITCHES = {"lat": "LATENCY_UP_TO_N", "staged": "STAGED_FROM_N"}


def patched(text, patch_file):
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "in.cu"), os.path.join(d, "out.cu")
        with open(src, "w") as f:
            f.write(text)
        if subprocess.run(["patch", "-s", "-o", out, src, patch_file]).returncode != 0:
            sys.exit(f"variant_edits: {patch_file} does not apply")
        with open(out) as f:
            return f.read()


def apply(text, edit):
    if edit == "deep":
        return patched(text, _DEEP_PATCH)
    m = re.fullmatch(r"(lat|staged)(\d+)", edit)
    setting = re.fullmatch(r"([A-Z_]+)=(\d+)", edit)  # NAME=VALUE: a constexpr unsigned constant
    if setting:
        pattern = rf"constexpr unsigned {setting.group(1)} = [^;]+;"
        text, count = re.subn(pattern, f"constexpr unsigned {setting.group(1)} = {setting.group(2)};", text)
        pieces = [(pattern, count)]
    elif m:
        name = _SWITCHES[m.group(1)]
        pattern = rf"constexpr unsigned {name} = 1u << \d+;"
        text, count = re.subn(pattern, f"constexpr unsigned {name} = 1u << {m.group(2)};", text)
        pieces = [(pattern, count)]
    elif edit in _INSERTS:
        pieces = []
        for old, new in _INSERTS[edit]():
            pieces.append((old.splitlines()[0], text.count(old)))
            text = text.replace(old, new)
    else:
        if edit not in EDITS:
            sys.exit(f"variant_edits: no edit named {edit!r} (known: {', '.join(EDITS)}, deep, {', '.join(_INSERTS)}, lat<K>, staged<K>, NAME=VALUE)")
        pieces = []
        for old, new in EDITS[edit]:
            pieces.append((old.splitlines()[0], text.count(old)))
            text = text.replace(old, new)
    for first_line, count in pieces:
        if count != 1:
            sys.exit(f"variant_edits: edit {edit!r} found {count} times (want 1): {first_line.strip()}")
    return text


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        text = f.read()
    for edit in sys.argv[2].split("+"):
        text = apply(text, edit)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
