#!/usr/bin/env python3
"""grader/slurm on a real single-node Slurm that this test starts (CTest `platforms:slurm`):

    slurm_single_node.py --source DIR --scanlab BIN

As root with slurm-wlm and munge installed (Debian: apt-get install slurm-wlm munge), it starts
munged, slurmctld and slurmd with a configuration of its own (a 2-CPU node as big as this
machine, state folders in a temporary folder, its own ports and munge socket), then:
1. submit.sh with grade-array.sbatch's own requests (4 CPUs, 16 GB) on a partition that cannot
   hold them must refuse, saying so, instead of queueing tasks that never start;
2. submit.sh with --cpus-per-task=1 --mem=1G grades two lab 1 submissions (the reference and the
   stub) as an array, the collector writes summary.csv, and the scores are the expected ones.
It stops the daemons it started (by their process ids). Exit 0 passed, 1 failed, 77 skipped (not
root, Slurm or munge missing, or the daemons would not start: the reason is printed).
"""
import argparse
import csv
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_mb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return 1024


def write_config(work, host):
    """slurm.conf for one node, root's own daemons, files under work."""
    ctld, slurmd = free_port(), free_port()
    conf = os.path.join(work, "slurm.conf")
    with open(conf, "w") as f:
        f.write(f"""ClusterName=scanlabtest
SlurmctldHost={host}
SlurmUser=root
SlurmdUser=root
SlurmctldPort={ctld}
SlurmdPort={slurmd}
AuthType=auth/munge
AuthInfo=socket={work}/munge/munge.socket
CredType=cred/munge
StateSaveLocation={work}/ctld
SlurmdSpoolDir={work}/slurmd
SlurmctldPidFile={work}/slurmctld.pid
SlurmdPidFile={work}/slurmd.pid
SlurmctldLogFile={work}/slurmctld.log
SlurmdLogFile={work}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
NodeName={host} CPUs=2 RealMemory={min(memory_mb() - 512, 8192)} State=UNKNOWN
PartitionName=scanlab Nodes={host} Default=YES MaxTime=INFINITE State=UP
""")
    return conf


class Daemons:
    """munged, slurmctld and slurmd in the foreground, ended by their ids."""

    def __init__(self, work, conf):
        self.work, self.conf, self.procs = work, conf, []

    def start(self, name, args):
        log = open(os.path.join(self.work, f"{name}.out"), "w")
        self.procs.append(subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT))

    def __enter__(self):
        munge = os.path.join(self.work, "munge")
        os.makedirs(munge, mode=0o700)
        key = os.path.join(munge, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o600)
        self.start("munged", ["munged", "--foreground", "--force", f"--socket={munge}/munge.socket",
                              f"--key-file={key}", f"--pid-file={munge}/munged.pid",
                              f"--log-file={munge}/munged.log", f"--seed-file={munge}/munged.seed"])
        for folder in ("ctld", "slurmd"):
            os.makedirs(os.path.join(self.work, folder))
        time.sleep(1)
        self.start("slurmctld", ["slurmctld", "-D", "-i", "-f", self.conf])
        self.start("slurmd", ["slurmd", "-D", "-f", self.conf])
        return self

    def __exit__(self, *exc):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def dead(self):
        return [p.args[0] for p in self.procs if p.poll() is not None]


def run(args, env, timeout=120):
    p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout)
    print(f"$ {' '.join(args)}\n-> exit {p.returncode}\n{p.stdout}{p.stderr}", flush=True)
    return p


def wait_for_node(env, daemons):
    deadline = time.time() + 60
    while time.time() < deadline:
        check(not daemons.dead(), f"{daemons.dead()} stopped (logs in {daemons.work})")
        p = subprocess.run(["sinfo", "-h", "-o", "%t"], env=env, capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip() in ("idle", "mix", "alloc"):
            return
        time.sleep(1)
    raise Skip(f"the node never became idle (sinfo: {p.stdout.strip() or p.stderr.strip()}); logs in {daemons.work}")


def submissions(source, folder):
    for name, path in (("ref", ("solutions", "lab1-naive", "scan.cu")), ("stub", ("labs", "lab1-naive", "scan.cu"))):
        os.makedirs(os.path.join(folder, name, "lab1-naive"))
        shutil.copy(os.path.join(source, *path), os.path.join(folder, name, "lab1-naive", "scan.cu"))


def wait_for_jobs(env, out, timeout=900):
    deadline = time.time() + timeout
    while time.time() < deadline:
        p = subprocess.run(["squeue", "-h"], env=env, capture_output=True, text=True)
        if p.returncode == 0 and not p.stdout.strip() and os.path.exists(os.path.join(out, "summary.csv")):
            return
        time.sleep(2)
    raise Failure(f"the jobs did not finish in {timeout} s (squeue: {p.stdout.strip()})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--scanlab", required=True)
    o = parser.parse_args()
    if os.geteuid() != 0:
        raise Skip("not root: the test starts Slurm's daemons as root")
    missing = [b for b in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo") if not shutil.which(b)]
    if missing:
        raise Skip(f"{', '.join(missing)} not installed (apt-get install slurm-wlm munge)")
    work = tempfile.mkdtemp(prefix="scanlab-slurm-")
    os.chmod(work, 0o755)
    host = socket.gethostname().split(".")[0]
    conf = write_config(work, host)
    env = dict(os.environ, SLURM_CONF=conf, SCANLAB_BIN=os.path.abspath(o.scanlab), SCANLAB_BACKEND="cpu",
               SCANLAB_LABS="1", SCANLAB_RUBRIC=os.path.join(o.source, "tests", "grader", "rubric.json"))
    env.pop("SCANLAB_GRADER_SEED", None)
    submit = os.path.join(o.source, "grader", "slurm", "submit.sh")
    with Daemons(work, conf) as daemons:
        wait_for_node(env, daemons)
        subs, out = os.path.join(work, "submissions"), os.path.join(work, "out")
        submissions(o.source, subs)
        # 1. The default requests do not fit a 2-CPU node: refused, with the reason.
        p = run([submit, subs, os.path.join(work, "refused")], env)
        check(p.returncode == 1 and "no node can run one grading task" in p.stderr,
              f"submit.sh queued tasks no node can run (exit {p.returncode})")
        check(subprocess.run(["squeue", "-h"], env=env, capture_output=True, text=True).stdout.strip() == "",
              "submit.sh refused but left jobs in the queue")
        # 2. Requests that fit: graded, collected.
        p = run([submit, subs, out, "--cpus-per-task=1", "--mem=1G"], env)
        check(p.returncode == 0, f"submit.sh failed (exit {p.returncode})")
        wait_for_jobs(env, out)
    with open(os.path.join(out, "summary.csv"), encoding="utf-8") as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    print(rows)
    check(set(rows) == {"ref", "stub"}, f"summary.csv rows {sorted(rows)}")
    check(float(rows["ref"]["score"]) == float(rows["ref"]["max_score"]) > 0, f"reference: {rows['ref']}")
    check(float(rows["stub"]["score"]) == 0, f"stub: {rows['stub']}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Skip as why:
        print(f"SKIPPED: {why}")
        sys.exit(SKIP)
    except Failure as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
