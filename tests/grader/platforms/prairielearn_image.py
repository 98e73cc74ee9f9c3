#!/usr/bin/env python3
"""The PrairieLearn image built here and one grading job per platform submission run in it, as
PrairieLearn runs them (CTest `platforms:prairielearn image`, label `slow`: the image build
compiles the grader, about 15 minutes on two cores the first time):

    prairielearn_image.py --source DIR [--image NAME]

tools/build-prairielearn-image.sh builds grader/prairielearn/Dockerfile on a Debian 12 root made
by debootstrap (no Docker Hub); then for each submission of submissions.py a job folder
(student/, tests/scanlab.json of the example question, data/data.json, results/) is mounted at
/grade of a container without network (`podman run --network=none`; where podman cannot start
containers, unshare runs the image's root as one: own mount, network and PID namespaces) running
/grader/run.sh, and
results.json is judged: the correct and the libcu++ file 1.0, the compile error 0.0, the forger
its own score. Exit 0 passed, 1 failed, 77 skipped (not root, or no podman or debootstrap).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import submissions

SKIP = 77


def run_job(image, job, runtime):
    """/grader/run.sh of the image with job at /grade and no network, as PrairieLearn runs it."""
    if runtime == "podman":
        command = ["podman", "run", "--rm", "--network=none", "-v", f"{job}:/grade", image, "/grader/run.sh"]
        return subprocess.run(command, capture_output=True, text=True, timeout=900)
    container = subprocess.run(["podman", "create", image], capture_output=True, text=True, check=True).stdout.strip()
    try:
        root = subprocess.run(["podman", "mount", container], capture_output=True, text=True, check=True).stdout.strip()
        os.makedirs(os.path.join(root, "grade"), exist_ok=True)
        # As root (run.sh switches to the grading user itself), in new mount, PID and network
        # namespaces, the image's root made the root with pivot_root, not chroot: the grader's jail
        # (bubblewrap) may create user namespaces only where the root is its mount namespace's.
        script = ("set -e; r=$1; mount --make-rprivate /; mount --bind \"$r\" \"$r\"; mount --bind \"$2\" \"$r/grade\"; "
                  "mount -t proc proc \"$r/proc\"; mount --rbind /dev \"$r/dev\"; mount -t tmpfs tmpfs \"$r/tmp\"; "
                  "cd \"$r\"; mkdir -p .oldroot; pivot_root . .oldroot; umount -l /.oldroot; rmdir /.oldroot; "
                  "exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root /grader/run.sh")
        command = ["unshare", "--mount", "--pid", "--fork", "--net", "--ipc", "--uts", "sh", "-c", script, "sh", root, job]
        return subprocess.run(command, capture_output=True, text=True, timeout=900)
    finally:
        subprocess.run(["podman", "rm", "-f", container], capture_output=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--image", default="scanlab-prairielearn-test")
    parser.add_argument("--no-build", action="store_true", help="use the image as it is")
    o = parser.parse_args()
    if not o.no_build and os.environ.get("SCANLAB_SLOW_TESTS") != "1":
        print("SKIPPED: building the image takes 15-30 minutes; SCANLAB_SLOW_TESTS=1 runs it")
        return SKIP
    missing = [t for t in ("podman", "debootstrap", "unshare") if not shutil.which(t)]
    if os.geteuid() != 0 or missing:
        print(f"SKIPPED: {'not root' if os.geteuid() != 0 else ', '.join(missing) + ' not installed'}")
        return SKIP
    if not o.no_build:
        p = subprocess.run([os.path.join(o.source, "tools", "build-prairielearn-image.sh"), o.image])
        if p.returncode != 0:
            print(f"FAILED: the image did not build (exit {p.returncode})")
            return 1
    problems, runtime = [], "podman"
    question = os.path.join(o.source, "grader", "prairielearn", "course", "questions", "scanLab2KoggeStone", "tests")
    for name, text, judge in submissions.cases(o.source, "/grade/results", submissions.PRAIRIELEARN_FULL):
        job = tempfile.mkdtemp(prefix="scanlab-pl-job-")
        try:
            for folder in ("student", "data", "results"):
                os.makedirs(os.path.join(job, folder))
            shutil.copytree(question, os.path.join(job, "tests"))
            with open(os.path.join(job, "student", "scan.cu"), "w", encoding="utf-8") as f:
                f.write(text)
            with open(os.path.join(job, "data", "data.json"), "w", encoding="utf-8") as f:
                json.dump({"params": {}, "submitted_answers": {}, "gradable": True}, f)
            p = run_job(o.image, job, runtime)
            if runtime == "podman" and p.returncode in (125, 126, 127) and ("OCI" in p.stderr or "crun" in p.stderr):
                # This machine's podman cannot start containers (crun and hybrid cgroups): the same
                # image's files, run as the container by unshare (own mount, network and PID namespaces).
                print("note: podman cannot start containers here; running the image's root with unshare")
                runtime = "unshare"
                p = run_job(o.image, job, runtime)
            print(f"--- {name}: exit {p.returncode}\n{p.stdout[-3000:]}{p.stderr[-3000:]}", flush=True)
            with open(os.path.join(job, "results", "results.json"), encoding="utf-8") as f:
                data = json.load(f)
            seen = data.get("message", "") + "".join(t.get("name", "") + "\n" + t.get("output", "")
                                                     for t in data.get("tests", []))
            problem = judge(data.get("score"), seen)
            if name != "forging" and data.get("gradable") is not True:
                problem = f"not gradable: {data.get('message', '')[:300]}"
            print(f"{name}: gradable {data.get('gradable')}, score {data.get('score')}" + (f": {problem}" if problem else ""))
            if problem:
                problems.append(f"{name}: {problem}")
        finally:
            shutil.rmtree(job, ignore_errors=True)
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
