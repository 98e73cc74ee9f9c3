#!/usr/bin/env python3
"""The Gradescope path end to end, as an instructor runs it (CTest `platforms:gradescope package`):

    gradescope_package.py --source DIR --build DIR

`make gradescope-package`, the zip unpacked into a simulated /autograder (SCANLAB_AUTOGRADER_ROOT)
with config.sh edited as the README says, setup.sh (SCANLAB_SKIP_APT=1: a test installs no
packages), then run_autograder on each submission of submissions.py (correct, compile error,
libcu++, forging), jailed and, for the forging one, with SCANLAB_NO_JAIL=1 too. As root the
grading user is `nobody` (no account is added). The layout is outside the checkout, in a folder
every user can enter, so the test passes from a checkout of mode 700; it is kept between runs
(keyed by the build folder) so that setup.sh's build of the grader is incremental after the first
run. Exit 0 passed, 1 failed, 77 skipped.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zipfile

import submissions

SKIP = 77


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(args, env=None, timeout=600):
    full = {k: v for k, v in os.environ.items() if not k.startswith("SCANLAB_")}
    full.update(env or {})
    p = subprocess.run(args, env=full, capture_output=True, text=True, timeout=timeout)
    print(f"$ {' '.join(args)}\n-> exit {p.returncode}\n{p.stdout[-6000:]}{p.stderr[-6000:]}", flush=True)
    return p


def open_to_others(path):
    """Whether a user who is neither owner nor in the group can enter every folder down to path."""
    path = os.path.abspath(path)
    while True:
        if os.path.exists(path) and not os.stat(path).st_mode & stat.S_IXOTH:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


def layout_root(build):
    """A folder the grading user can enter, the same for the same build folder (setup.sh's build in
    it is then incremental), owned by this user."""
    key = hashlib.sha256(os.path.abspath(build).encode()).hexdigest()[:12]
    for base in (tempfile.gettempdir(), "/var/tmp", "/tmp"):
        if open_to_others(base):
            root = os.path.join(base, f"scanlab-gradescope-{os.geteuid()}-{key}")
            # Other build folders' layouts (190 MB each: a fresh clone is a new key) untouched
            # for a day go.
            prefix = f"scanlab-gradescope-{os.geteuid()}-"
            for name in os.listdir(base):
                other = os.path.join(base, name)
                if name.startswith(prefix) and other != root and os.stat(other).st_uid == os.geteuid() \
                        and time.time() - os.stat(other).st_mtime > 86400:
                    shutil.rmtree(other, ignore_errors=True)
            os.makedirs(root, exist_ok=True)
            check(os.stat(root).st_uid == os.geteuid(), f"{root} belongs to someone else")
            os.chmod(root, 0o755)
            os.utime(root)  # in use: kept by the pruning above
            return root
    raise Failure("no temporary folder that other users can enter")


def unpack(zip_path, source):
    """The zip into source/, as Gradescope unpacks it (executable bits and times kept), keeping
    only scanlab/build from an earlier run."""
    os.makedirs(source, exist_ok=True)
    for name in os.listdir(source):
        path = os.path.join(source, name)
        if name == "scanlab" and os.path.isdir(path):
            for inner in os.listdir(path):
                if inner != "build":
                    remove(os.path.join(path, inner))
        else:
            remove(path)
    with zipfile.ZipFile(zip_path) as z:
        for info in z.infolist():
            target = z.extract(info, source)
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(target, mode)
            stamp = time.mktime(info.date_time + (0, 0, -1))
            os.utime(target, (stamp, stamp))


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.remove(path)


def configure(o, source):
    """What an instructor edits in config.sh, and the self-tests' small rubric added to the tree."""
    shutil.copy(os.path.join(o.source, "tests", "grader", "rubric.json"),
                os.path.join(source, "scanlab", "grader", "rubric-selftest.json"))
    path = os.path.join(source, "config.sh")
    with open(path, encoding="utf-8") as f:
        config = f.read()
    config = re.sub(r'^SCANLAB_LABS=.*$', f'SCANLAB_LABS="{submissions.LAB}"', config, flags=re.M)
    config = re.sub(r'^SCANLAB_RUBRIC=.*$', 'SCANLAB_RUBRIC="grader/rubric-selftest.json"', config, flags=re.M)
    with open(path, "w", encoding="utf-8") as f:
        f.write(config)
    return config


def grade(root, config, name, text, jailed):
    """One run_autograder on an upload of lab2.cu; (score, output, results)."""
    with open(os.path.join(root, "source", "config.sh"), "w", encoding="utf-8") as f:
        f.write(config if jailed else re.sub(r'^SCANLAB_NO_JAIL=.*$', 'SCANLAB_NO_JAIL=1', config, flags=re.M))
    for folder in ("submission", "results"):
        shutil.rmtree(os.path.join(root, folder), ignore_errors=True)
    os.makedirs(os.path.join(root, "submission"))
    with open(os.path.join(root, "submission", "lab2.cu"), "w", encoding="utf-8") as f:
        f.write(text)
    p = run([os.path.join(root, "source", "run_autograder")],
            env={"SCANLAB_AUTOGRADER_ROOT": root, "SCANLAB_GRADE_USER": "nobody"})
    check(p.returncode == 0, f"{name}: run_autograder exited with {p.returncode}")
    with open(os.path.join(root, "results", "results.json"), encoding="utf-8") as f:
        results = json.load(f)
    output = results.get("output", "") + "".join(t.get("name", "") + "\n" + t.get("output", "") for t in results.get("tests", []))
    return results.get("score"), output, results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    o = parser.parse_args()
    if shutil.which("make") is None:
        print("SKIPPED: no make")
        return SKIP
    base = layout_root(o.build)
    root = os.path.join(base, "autograder")
    p = run(["make", "-C", o.source, "gradescope-package", f"BUILD_DIR={os.path.abspath(o.build)}"])
    check(p.returncode == 0, f"make gradescope-package failed (exit {p.returncode})")
    zip_path = os.path.join(o.build, "gradescope", "scanlab-autograder.zip")
    with zipfile.ZipFile(zip_path) as z:
        names = z.namelist()
    check(not any(n.startswith(("scanlab/solutions/", "scanlab/research/", "scanlab/tests/")) for n in names),
          "the zip holds instructor material")
    check("cccl/include/cuda/std/atomic" in names, "the zip carries no libcu++ headers")
    unpack(zip_path, os.path.join(root, "source"))
    config = configure(o, os.path.join(root, "source"))
    p = run([os.path.join(root, "source", "setup.sh")],
            env={"SCANLAB_AUTOGRADER_ROOT": root, "SCANLAB_SKIP_APT": "1", "SCANLAB_GRADE_USER": "nobody"},
            timeout=3600)
    check(p.returncode == 0, f"setup.sh failed (exit {p.returncode})")
    # The prelude precompiled into the image, where the grading user may read but not write it.
    seed = os.path.join(root, "source", "scanlab", "build", "pch-seed", "pch")
    headers = [os.path.join(b, f) for b, _, fs in os.walk(seed) for f in fs if f.endswith(".gch")]
    check(headers, "setup.sh precompiled no prelude (build/pch-seed)")
    check(all(not os.stat(h).st_mode & 0o022 for h in headers), "the precompiled prelude is writable by others")
    privileged = os.geteuid() == 0
    problems = []
    for name, text, judge in submissions.cases(o.source, os.path.join(root, "results"), submissions.GRADESCOPE_FULL):
        # The forger writes into every folder of its user's: run it only where that user is not
        # this one (as root, grading as nobody).
        if name == "forging" and not privileged:
            print("SKIPPED (in part): not root, so the forging submission would run as this user")
            continue
        for jailed in ((True, False) if name == "forging" else (True,)):
            score, output, results = grade(root, config, name, text, jailed)
            problem = judge(score, output)
            label = f"{name} ({'jailed' if jailed else 'SCANLAB_NO_JAIL=1'})"
            print(f"{label}: score {score}" + (f": {problem}" if problem else ""))
            if problem:
                problems.append(f"{label}: {problem}")
    check(not problems, "; ".join(problems))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
