#!/usr/bin/env python3
"""scanlab-nvcc's precompiled preludes stay few (CTest "nvcc-flags: old precompiled preludes are
pruned"): every checkout, compiler and set of flags makes another of about 70 MB, so a cache that
only dropped what was unused for two days filled CI's disk within a day. Twelve older folders are
planted; after one build the 8 most recently used remain, the new one among them, and the
program still runs.

  pch_cache_test.py --nvcc BIN/scanlab-nvcc --work DIR
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvcc", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    cache = os.path.join(work, "cache")
    pch = os.path.join(cache, "nvcc-pch")
    now = time.time()
    planted = []
    for k in range(12):
        folder = os.path.join(pch, f"planted-{k:02d}")
        os.makedirs(os.path.join(folder, "scanlab", "cpu"))
        with open(os.path.join(folder, "scanlab", "cpu", "prelude.h.gch"), "w") as f:
            f.write("not a precompiled header")
        os.utime(folder, (now - 3600 + 60 * k, now - 3600 + 60 * k))  # an hour ago and after
        planted.append(folder)
    env = dict(os.environ, SCANLAB_CACHE_DIR=cache)
    build = subprocess.run([a.nvcc, os.path.join(HERE, "vector_add.cu"), "-o", os.path.join(work, "prog")],
                           env=env, capture_output=True, text=True, timeout=600)
    if build.returncode != 0:
        print(build.stdout, build.stderr)
        return 1
    left = sorted(os.listdir(pch))
    made = [name for name in left if not name.startswith("planted-")]
    print("left in the cache:", left)
    ok = len(left) == 8 and len(made) == 1 and \
        os.path.isfile(os.path.join(pch, made[0], "scanlab", "cpu", "prelude.h.gch")) and \
        [name for name in left if name.startswith("planted-")] == [f"planted-{k:02d}" for k in range(5, 12)]
    run = subprocess.run([os.path.join(work, "prog")], capture_output=True, text=True, timeout=60)
    print(run.stdout, run.stderr)
    ok = ok and run.returncode == 0
    print("PASS" if ok else "FAIL")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
