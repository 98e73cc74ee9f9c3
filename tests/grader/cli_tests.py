#!/usr/bin/env python3
"""Tests of `scanlab grade` as a command (CTest label `grader`): exit codes, reports, batch
output and resuming a killed batch, hidden seeds, the GPU backend on a machine without a GPU, the
Gradescope driver (as an unprivileged user, results.json against Gradescope's spec), JUnit
against grader/schemas/junit.xsd, and PrairieLearn's entry script in a job folder without network.

    cli_tests.py TEST --scanlab BIN --source DIR --submissions DIR --work DIR

--submissions is the grader's known-wrong submissions as graded, with their patches applied
(<build>/tests/grader/submissions, written at configure time by generate_submissions.cmake).
Each test grades lab 1 or 2 on the CPU backend with tests/grader/rubric.json (seconds). Exit 0:
passed, 1: failed (with the reason), 77: skipped (CTest's SKIP_RETURN_CODE).
"""
import argparse
import csv
import io
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import open_copy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "platforms"))
import submissions  # noqa: E402  (the platform tests' submissions, shared with platforms/)

SKIP = 77


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(args, env=None, timeout=240):
    full_env = dict(os.environ)
    full_env.pop("SCANLAB_GRADER_SEED", None)
    full_env.update(env or {})
    p = subprocess.run(args, env=full_env, capture_output=True, text=True, timeout=timeout)
    print(f"$ {' '.join(args)}\n-> exit {p.returncode}\n{p.stdout}{p.stderr}")
    return p


def with_module(module, code, *args):
    """Runs Python `code` (argv: args) under the first interpreter that has `module`: the one
    running this test, else the system's /usr/bin/python3 (where .ci/run apt-installs
    python3-jsonschema and python3-lxml). Returns (exit status, output)."""
    for python in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if not python or not os.path.exists(python):
            continue
        probe = subprocess.run([python, "-c", f"import {module}"], capture_output=True)
        if probe.returncode == 0:
            p = subprocess.run([python, "-c", code, *args], capture_output=True, text=True)
            return p.returncode, p.stdout + p.stderr
    raise Failure(f"no Python with {module} (apt-get install python3-{module}, as .ci/run does)")


VALIDATE_JSON = """
import json, sys, jsonschema
schema, document = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator)
print("valid:", sys.argv[2])
"""

VALIDATE_XML = """
import sys
from lxml import etree
schema = etree.XMLSchema(etree.parse(sys.argv[1]))
document = etree.parse(sys.argv[2])
if not schema.validate(document):
    print(schema.error_log)
    sys.exit(1)
print("valid:", sys.argv[2])
"""


def validate_json(o, schema, path):
    rc, text = with_module("jsonschema", VALIDATE_JSON, os.path.join(o.source, schema), path)
    check(rc == 0, f"{path} does not follow {schema}:\n{text}")


def validate_junit(o, path):
    """Against scanlab's own schema, Jenkins xunit's junit-10.xsd and Maven Surefire's schema
    (tests/grader/schemas/, written from their published definitions). Surefire's is a schema of
    one <testsuite> per file: each suite is checked as a document of its own."""
    for schema in (("grader", "schemas", "junit.xsd"), ("tests", "grader", "schemas", "xunit-junit-10.xsd")):
        rc, text = with_module("lxml", VALIDATE_XML, os.path.join(o.source, *schema), path)
        check(rc == 0, f"{path} does not follow {'/'.join(schema)}:\n{text}")
    surefire = os.path.join(o.source, "tests", "grader", "schemas", "surefire-test-report.xsd")
    with tempfile.TemporaryDirectory() as folder:
        for i, suite in enumerate(ET.parse(path).getroot().findall("testsuite")):
            single = os.path.join(folder, f"suite{i}.xml")
            ET.ElementTree(suite).write(single, encoding="UTF-8", xml_declaration=True)
            rc, text = with_module("lxml", VALIDATE_XML, surefire, single)
            check(rc == 0, f"suite {suite.get('name')} of {path} does not follow Surefire's schema:\n{text}")


def check_junit(o, path, results):
    """JUnit: valid against the XSD, names without scores, a time per case, scores as properties,
    counts that match; not-run and withheld tests skipped, never passed or failed."""
    validate_junit(o, path)
    root = ET.parse(path).getroot()
    cases = root.iter("testcase")
    by_name = {}
    check(root.get("skipped") is None, "skipped on <testsuites> (the xunit plugin's schema has none)")
    suite_props = {}
    for suite in root.findall("testsuite"):
        for attr in ("tests", "failures", "errors", "skipped"):
            check(suite.get(attr) is not None, f"suite {suite.get('name')} lacks {attr}")
        suite_props[suite.get("name")] = {p.get("name"): p.get("value") for p in suite.iter("property")}
        times = [float(c.get("time")) for c in suite.findall("testcase")]
        check(abs(sum(times) - float(suite.get("time"))) < 0.002 * (len(times) + 1),
              f"suite {suite.get('name')}: its cases' times add up to {sum(times):.3f}, not {suite.get('time')}")
        for case in suite.findall("testcase"):
            by_name[(suite.get("name"), case.get("name"))] = case
            check(case.find("properties") is None, f"{case.get('name')}: <properties> inside <testcase>")
    for case in root.iter("testcase"):
        check(case.get("time") is not None, f"test case {case.get('name')} has no time")
        check(not re.search(r"\d+\.\d\d */ *\d", case.get("name")), f"a score in a test name: {case.get('name')}")
    for r in results:
        for lab in r["labs"]:
            for t in lab["tests"]:
                suite = f"{r['submission']}.{lab['name']}"
                case = by_name.get((suite, t["name"]))
                check(case is not None, f"no test case {t['name']} for {r['submission']}")
                props = {k[:-len(f" [{t['name']}]")]: v for k, v in suite_props[suite].items()
                         if k.endswith(f" [{t['name']}]")}
                check("score" in props and "max_score" in props, f"{t['name']}: no score properties")
                check(abs(float(props["score"]) - t["score"]) < 0.006, f"{t['name']}: score {props['score']}")
                state = props["state"]
                outcome = [c.tag for c in case if c.tag in ("failure", "error", "skipped")]
                expected = {"passed": [], "failed": ["failure"], "withheld": ["skipped"], "not run": ["skipped"]}[state]
                check(outcome == expected, f"{t['name']}: state {state} but outcome {outcome}")
                if not t["graded"]:
                    check(state == "not run", f"{t['name']}: not graded but state {state}")


def no_misleading_words(text, where):
    """A test that did not run or was withheld never reads as 'passed 0/0' or 'failed: N of N
    cases passed'."""
    check(not re.search(r"passed\W*0(\.0+)? */ *0(\.0+)?\b|0(\.0+)? */ *0(\.0+)? *\|? *passed", text),
          f"{where}: a 0/0 test reads as passed")
    check(not re.search(r"failed\W+(\d+) of \1 cases passed", text), f"{where}: 'failed' over 'N of N cases passed'")


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def test_no_such_lab(o):
    p = run([o.scanlab, "grade", "--lab", "9", "--backend", "cpu", "--submission", os.path.join(o.source, "solutions")])
    check(p.returncode == 2, f"exit status {p.returncode}, expected 2 (misuse)")
    check("there is no lab 9" in p.stderr, "stderr lacks 'there is no lab 9'")
    check("Traceback" not in p.stderr and "terminate" not in p.stderr, "not a clean message")


def test_no_jail(o):
    """Where no jail can start, grading stops with what fixes it (never a silent downgrade); with
    --no-jail it grades, and the report says that the code ran unjailed."""
    work = fresh(os.path.join(o.work, "no-jail"))
    lab1 = ["grade", "--lab", "1", "--backend", "cpu", "--seed", "3", "--submission", os.path.join(o.source, "solutions")]
    p = run([o.scanlab, *lab1, "--results", os.path.join(work, "r.json")], env={"SCANLAB_BWRAP": "/nonexistent/bwrap"})
    check(p.returncode == 3, f"exit status {p.returncode}, expected 3 (cannot grade here)")
    check("bubblewrap" in p.stderr and "apt-get install bubblewrap" in p.stderr and "--no-jail" in p.stderr,
          "the message does not say what is missing and how to fix it")
    check(not os.path.exists(os.path.join(work, "r.json")), "results written although nothing was graded")
    results = os.path.join(work, "unjailed.json")
    p = run([o.scanlab, *lab1, "--no-jail", "--results", results, "--markdown", os.path.join(work, "r.md")],
            env={"SCANLAB_BWRAP": "/nonexistent/bwrap"})
    check(p.returncode == 0, f"--no-jail: exit status {p.returncode}")
    for text, where in ((p.stdout, "the terminal report"), (open(results).read(), "results.json"),
                        (open(os.path.join(work, "r.md")).read(), "the Markdown report")):
        check("without the jail" in text, f"{where} does not say it was graded without the jail")


def test_hidden_seed(o):
    work = fresh(os.path.join(o.work, "hidden-seed"))
    secret = "course-secret-7340917"
    results, markdown, junit = (os.path.join(work, f) for f in ("results.json", "summary.md", "junit.xml"))
    p = run([o.scanlab, "grade", "--lab", "1", "--backend", "cpu", "--rubric", o.rubric, "--jobs", "2",
             "--submission", os.path.join(o.source, "solutions"), "--results", results, "--markdown", markdown,
             "--junit", junit, "--no-colour"], env={"SCANLAB_GRADER_SEED": secret})
    check(p.returncode == 0, f"exit status {p.returncode}")
    check("seed hidden" in p.stdout, "the terminal report does not say 'seed hidden'")
    with open(results, encoding="utf-8") as f:
        data = json.load(f)
    check(data["extra_data"]["seed"] == "hidden", f"results.json seed is {data['extra_data']['seed']!r}, not 'hidden'")
    with open(markdown, encoding="utf-8") as f:
        md = f.read()
    check("seed hidden" in md, "the Markdown summary does not say 'seed hidden'")
    everything = p.stdout + p.stderr + md + json.dumps(data)
    with open(junit, encoding="utf-8") as f:
        everything += f.read()
    check(secret not in everything, "the secret seed appears in a report")
    check(not re.search(r"seed:? *\d", everything), "a seed number appears in a report")
    check(data["score"] == sum(t["max_score"] for t in data["tests"]) > 0, "the reference solution lost points")


def test_terminal_width(o):
    """The terminal table fits COLUMNS (80 here) and folds a diagnosis at word boundaries: every
    line at most 80 wide, no word of the results.json text split across two lines. The one
    exception is a replay command, which stays on one line so that it can be copied whole."""
    work = fresh(os.path.join(o.work, "terminal-width"))
    results = os.path.join(work, "results.json")
    race = os.path.join(o.submissions, "race")
    p = run([o.scanlab, "grade", "--lab", "2", "--backend", "cpu", "--rubric", o.rubric, "--jobs", "2",
             "--submission", race, "--results", results, "--no-colour"], env={"COLUMNS": "80"})
    check(p.returncode == 0, f"exit status {p.returncode}")
    wide = [line for line in p.stdout.splitlines() if len(line) > 80 and "replay locally: " not in line]
    replays = [line for line in p.stdout.splitlines() if "replay locally: " in line]
    check(replays and all(r.rstrip().endswith("'") for r in replays), f"a replay command is missing or cut: {replays[:1]}")
    check(not wide, f"{len(wide)} lines wider than 80 columns, first: {wide[:1]}")
    check("__syncthreads()" in p.stdout and "separate the read" in p.stdout, "the race's hint is missing from the table")
    with open(results, encoding="utf-8") as f:
        tests = json.load(f)["tests"]
    words = set(" ".join(t["output"] + " " + t["name"] for t in tests).split())
    words |= {"scanlab", "test", "score", "status", "passed", "failed", "withheld", "run", "not", "total", "lab",
              "more", "line", "lines", "in", "the", "results", "file", "seed", "performance"}
    shown = set(p.stdout.split())
    cut = [w for w in shown if len(w) > 3 and w.isalpha() and w not in words and not w.isupper()]
    check(not cut, f"words in the table that are not in the report (cut mid-word?): {cut[:5]}")


def test_batch(o):
    work = fresh(os.path.join(o.work, "batch"))
    batch, out = fresh(os.path.join(work, "submissions")), fresh(os.path.join(work, "out"))
    os.makedirs(os.path.join(batch, "good", "lab1-naive"))
    shutil.copy(os.path.join(o.source, "solutions", "lab1-naive", "scan.cu"), os.path.join(batch, "good", "lab1-naive"))
    os.makedirs(os.path.join(batch, "empty", "lab1-naive"))
    open(os.path.join(batch, "empty", "lab1-naive", "scan.cu"), "w").close()
    os.makedirs(os.path.join(batch, "stub", "lab1-naive"))  # compiles, writes nothing: detectors withheld
    shutil.copy(os.path.join(o.source, "labs", "lab1-naive", "scan.cu"), os.path.join(batch, "stub", "lab1-naive"))
    # A file the CPU backend cannot run (nvcc can): "cannot grade this here", marked for review.
    shutil.copytree(os.path.join(o.submissions, "needs_gpu_inline_ptx", "lab1-naive"),
                    os.path.join(batch, "gpu-only", "lab1-naive"))
    # A reader holding the old file (a hard link to it) must keep seeing the old content: the new
    # one is written elsewhere and renamed over it, never truncated in place.
    old = os.path.join(work, "old-good.json")
    with open(old, "w") as f:
        f.write("old\n")
    os.link(old, os.path.join(out, "good.json"))
    junit, markdown, results = (os.path.join(out, f) for f in ("junit.xml", "summary.md", "results.json"))
    command = [o.scanlab, "grade", "--batch", batch, "--out", out, "--lab", "1", "--backend", "cpu", "--rubric",
               o.rubric, "--jobs", "2", "--seed", "4242", "--junit", junit, "--markdown", markdown, "--results", results,
               "--markdown-each", "--junit-each"]
    p = run(command)
    check(p.returncode == 0, f"exit status {p.returncode}")
    check("0 skipped" in p.stderr and "4 to grade" in p.stderr, "the first run does not say 0 skipped, 4 to grade")

    # One results file per submission, valid JSON, written by rename.
    per = {}
    for name in ("good", "empty", "stub", "gpu-only"):
        with open(os.path.join(out, f"{name}.json"), encoding="utf-8") as f:
            per[name] = json.load(f)
        check(per[name]["extra_data"]["submission"] == name, f"{name}.json is about {per[name]['extra_data']['submission']}")
        validate_json(o, "grader/gradescope/results.schema.json", os.path.join(out, f"{name}.json"))
        check(len(per[name]["extra_data"]["fingerprint"]) == 64, f"{name}.json has no fingerprint")
        for sibling in (f"{name}.md", f"{name}.junit.xml"):
            check(os.path.exists(os.path.join(out, sibling)), f"--markdown-each/--junit-each: no {sibling}")
        check_junit(o, os.path.join(out, f"{name}.junit.xml"), [per[name]["extra_data"]["result"]])
        for t in per[name]["tests"]:
            # Every test passed or failed; the line that stands for a lab graded nowhere here has no status.
            expected = (None,) if t["extra_data"]["kind"] == "cannot_grade" else ("passed", "failed")
            check(t.get("status") in expected, f"{name}: test {t['name']} has status {t.get('status')}")
            if t["extra_data"].get("state") == "withheld":
                check(not re.search(r"^(\d+) of \1 cases passed$", t["output"], re.M),
                      f"{name}: withheld test {t['name']} reads 'N of N cases passed'")
    # The stub compiles and writes nothing: its detector tests are withheld, its performance not run.
    stub_states = {t["extra_data"]["state"] for t in per["stub"]["tests"]}
    check("withheld" in stub_states, f"stub: no withheld test ({stub_states})")
    check("Not run here" in per["stub"]["output"] and "lab 1: performance" in per["stub"]["output"],
          "stub: the not-run performance test is not named in the output")
    gpu_only = per["gpu-only"]
    check(gpu_only["extra_data"]["needs_review"] and "cannot grade this here" in gpu_only["output"],
          "gpu-only: no 'cannot grade this here' in the output / needs_review")
    check([t["name"] for t in gpu_only["tests"]] == ["lab 1: cannot be graded here (instructor review)"],
          f"gpu-only tests: {[t['name'] for t in gpu_only['tests']]}")
    check("compile error" not in gpu_only["output"].replace("not a compile error", ""), "gpu-only reads as a compile error")
    check(re.search(r"^gpu-only .*needs review$", p.stdout, re.M), "the batch line of gpu-only lacks 'needs review'")
    with open(old, encoding="utf-8") as f:
        check(f.read() == "old\n", "good.json was rewritten in place (not a temporary file renamed over it)")
    check(not os.path.samefile(old, os.path.join(out, "good.json")), "good.json is still the old file")
    leftovers = [f for f in os.listdir(out) if ".tmp" in f]
    check(not leftovers, f"temporary files left behind: {leftovers}")
    good_max = sum(t["max_score"] for t in per["good"]["tests"])
    check(per["good"]["score"] == good_max > 0, f"good: {per['good']['score']}/{good_max}")
    check(per["empty"]["score"] == 0, f"empty: {per['empty']['score']}")
    with open(results, encoding="utf-8") as f:
        check(json.load(f)["extra_data"]["submission"] == "empty", "--results is not the first submission (empty)")
    no_misleading_words(p.stdout, "batch output")

    # summary.csv: a header and one row per submission, in name order.
    with open(os.path.join(out, "summary.csv"), encoding="utf-8") as f:
        rows = list(csv.reader(f))
    check(rows[0] == ["submission", "score", "max_score", "seconds", "lab1", "needs_review", "first_failure"],
          f"header {rows[0]}")
    check([r[0] for r in rows[1:]] == ["empty", "good", "gpu-only", "stub"], f"rows {rows[1:]}")
    empty, good, gpu_row = rows[1], rows[2], rows[3]
    check(gpu_row[5].startswith("lab 1: cannot grade this here") and gpu_row[6] == "", f"gpu-only row {gpu_row}")
    check(float(empty[1]) == 0 and empty[5] == "" and empty[6] == "lab1:empty_file", f"empty row {empty}")
    check(float(good[1]) == float(good[2]) == good_max and float(good[4]) == good_max and good[6] == "",
          f"good row {good}")

    # JUnit: valid, a suite per (submission, lab) with its test cases, failures counted.
    check_junit(o, junit, [d["extra_data"]["result"] for d in per.values()])
    root = ET.parse(junit).getroot()
    check(root.tag == "testsuites", f"root element {root.tag}")
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    check(set(suites) == {f"{n}.lab1-naive" for n in per}, f"suites {sorted(suites)}")
    for name, data in per.items():
        suite = suites[f"{name}.lab1-naive"]
        cases = suite.findall("testcase")
        every = data["extra_data"]["result"]["labs"][0]["tests"]
        errors = sum(1 for c in cases if c.find("error") is not None)
        check(len(cases) == len(every) + errors == int(suite.get("tests")), f"{name}: {len(cases)} test cases")
        failures = sum(1 for c in cases if c.find("failure") is not None)
        check(failures == int(suite.get("failures")), f"{name}: failures attribute {suite.get('failures')}")
        check(errors == int(suite.get("errors")) == (name == "gpu-only"), f"{name}: {errors} errors")
        check((failures > 0) == (name in ("empty", "stub")), f"{name}: {failures} failures")

    # Markdown: a section per submission with its score.
    with open(markdown, encoding="utf-8") as f:
        md = f.read()
    check(md.startswith("# scanlab grade"), "Markdown summary lacks its title")
    check(f"## good: {good_max:.2f} / {good_max:.2f}" in md, "Markdown lacks good's section")
    check("## empty: 0.00 /" in md and "`empty_file`" in md, "Markdown lacks empty's section or diagnosis")
    check("| withheld: " in md and "| not run: " in md, "Markdown does not say withheld / not run")
    check("> **lab 1: cannot grade this here:" in md, "Markdown lacks the 'cannot grade this here' line")
    no_misleading_words(md, "Markdown")

    # Again: every result is current, so nothing is graded and summary.csv is the same.
    with open(os.path.join(out, "summary.csv"), encoding="utf-8") as f:
        first_summary = f.read()
    p = run(command)
    check(p.returncode == 0, f"second run: exit status {p.returncode}")
    check("4 skipped" in p.stderr and "0 to grade" in p.stderr, "the second run does not skip all four")
    check(not re.search(r"^(good|empty|stub|gpu-only) ", p.stdout, re.M), "the second run graded a submission")
    with open(os.path.join(out, "summary.csv"), encoding="utf-8") as f:
        check(f.read() == first_summary, "summary.csv changed though nothing was graded")
    # A changed file is graded again; --regrade grades everything.
    with open(os.path.join(batch, "stub", "lab1-naive", "scan.cu"), "a") as f:
        f.write("// changed\n")
    p = run(command)
    check("3 skipped" in p.stderr and "1 to grade" in p.stderr and re.search(r"^stub ", p.stdout, re.M),
          "a changed submission was not graded again (alone)")
    p = run(command + ["--regrade"])
    check("0 skipped" in p.stderr and "4 to grade" in p.stderr, "--regrade did not grade every submission")
    # One batch at a time per output folder: a second one is refused while the first holds the lock.
    import fcntl
    with open(os.path.join(out, ".scanlab-lock"), "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        p = run(command)
    check(p.returncode == 2 and "another scanlab grade --batch is writing" in p.stderr,
          f"a second batch on the same folder was not refused (exit {p.returncode})")


def network_free(command):
    """command under `unshare -n` (a network namespace with no interface but lo, as PrairieLearn
    runs graders) where this machine allows it; else as is, saying so."""
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True) if shutil.which("unshare") else None
    if probe is not None and probe.returncode == 0:
        return ["unshare", "-n"] + command, True
    print("note: unshare -n is not available here, so the entry script ran with the network")
    return command, False


def pl_job(o, root, files, data=None, jail=True):
    """A PrairieLearn job folder: student/, tests/ (the example question's), data/data.json, results/."""
    job = fresh(os.path.join(root, "grade"))
    os.chmod(job, 0o755)
    os.makedirs(os.path.join(job, "student"))
    for name, text in files.items():
        with open(os.path.join(job, "student", name), "w", encoding="utf-8") as f:
            f.write(text)
    question = os.path.join(o.source, "grader", "prairielearn", "course", "questions", "scanLab2KoggeStone")
    shutil.copytree(os.path.join(question, "tests"), os.path.join(job, "tests"))
    with open(os.path.join(job, "tests", "scanlab.json"), encoding="utf-8") as f:
        config = json.load(f)
    config["rubric"] = "tests/grader/rubric.json"  # the self-tests' small sizes
    if not jail:
        config["jail"] = False
    with open(os.path.join(job, "tests", "scanlab.json"), "w", encoding="utf-8") as f:
        json.dump(config, f)
    os.makedirs(os.path.join(job, "data"))
    with open(os.path.join(job, "data", "data.json"), "w", encoding="utf-8") as f:
        json.dump(data or {"params": {}, "correct_answers": {}, "submitted_answers": {}, "format_errors": {},
                           "partial_scores": {}, "score": 0, "feedback": {}, "variant_seed": 1, "options": {},
                           "raw_submitted_answers": {}, "gradable": True}, f)
    os.makedirs(os.path.join(job, "results"))
    return job


def run_pl(o, job, env=None):
    command, isolated = network_free([os.path.join(o.source, "grader", "prairielearn", "run.sh")])
    full = {"SCANLAB_GRADE_ROOT": job, "SCANLAB_TREE": o.source, "SCANLAB_BIN": o.scanlab, "SCANLAB_GRADE_USER": "nobody"}
    full.update(env or {})
    p = run(command, env=full)
    check(p.returncode == 0, f"run.sh exited with {p.returncode}")
    path = os.path.join(job, "results", "results.json")
    validate_json(o, "grader/prairielearn/results.schema.json", path)
    check(os.path.getsize(path) < 1000 * 1000, f"results.json is {os.path.getsize(path)} bytes")
    with open(path, encoding="utf-8") as f:
        return json.load(f), p


def as_grading_user_can_read(test):
    """Runs test(o) with a grader the grading user (`nobody`) can read. From a checkout others
    cannot enter (a home folder of mode 700, `mktemp -d`) that is a copy of the grader in an open
    folder (open_copy.py), as the platforms install it; elsewhere the checkout itself."""
    def wrapped(o):
        closed = open_copy.closed_folder(o.source, os.path.dirname(os.path.abspath(o.scanlab)))
        if os.geteuid() != 0 or closed is None:
            return test(o)
        print(f"note: nobody cannot enter {closed}: grading from an open copy of the grader")
        copy = tempfile.mkdtemp(prefix="scanlab-open-grader-")
        try:
            staged = argparse.Namespace(**vars(o))
            staged.source, staged.scanlab = open_copy.open_copy(o.source, o.scanlab, copy)
            staged.rubric = os.path.join(staged.source, "tests", "grader", "rubric.json")
            return test(staged)
        finally:
            shutil.rmtree(copy, ignore_errors=True)
    wrapped.__doc__ = test.__doc__
    return wrapped


@as_grading_user_can_read
def test_prairielearn(o):
    """grader/prairielearn/run.sh as PrairieLearn runs it: a job folder mounted at /grade (here a
    temporary folder, SCANLAB_GRADE_ROOT), no network, results.json in PrairieLearn's format."""
    root = fresh(tempfile.mkdtemp(prefix="scanlab-pl-"))
    os.chmod(root, 0o755)
    try:
        read = lambda *p: open(os.path.join(o.source, *p), encoding="utf-8").read()
        # The reference solution, uploaded as scan.cu: full marks, graded offline.
        data, p = run_pl(o, pl_job(o, root, {"scan.cu": read("solutions", "lab2-kogge-stone", "scan.cu")}))
        check(data["gradable"] is True and data["score"] == 1.0, f"reference: gradable {data['gradable']}, score {data['score']}")
        check(data["tests"] and all(t["points"] == t["max_points"] > 0 for t in data["tests"]), "reference lost points")
        check("Not run here" in data["message"] and "lab 2: performance" in data["message"],
              "the not-run performance test is not named in the message")
        check(data["message"].startswith("Files:\nscan.cu: graded as lab 2"), f"message {data['message'][:200]!r}")
        if os.geteuid() == 0:
            check("grading as nobody" in p.stdout, "run.sh did not grade as the unprivileged user")
        # The stub, with PrairieLearn's limit lowered to 3000 bytes: cut, still valid, still scored.
        data, _ = run_pl(o, pl_job(o, root, {"scan.cu": read("labs", "lab2-kogge-stone", "scan.cu")}),
                         env={"SCANLAB_PRAIRIELEARN_LIMIT": "3000"})
        check(data["gradable"] is True and data["score"] == 0.0, f"stub: score {data['score']}")
        check(any("more bytes cut" in t["output"] for t in data["tests"]), "outputs were not cut to the limit")
        check(any(t["message"].startswith("withheld") for t in data["tests"]), "no withheld detector test")
        check(not any(re.search(r"^(\d+) of \1 cases passed$", t["output"], re.M) for t in data["tests"]
                      if t["message"].startswith("withheld")), "a withheld test reads 'N of N cases passed'")
        # Nothing to grade: not gradable (no score recorded), with what to upload.
        data, _ = run_pl(o, pl_job(o, root, {"notes.txt": "hello"}))
        check(data["gradable"] is False and "upload scan.cu" in data["message"], f"empty upload: {data}")
        # A file only a GPU can run: not gradable, the reason for the instructor, no compile error.
        gpu_only = os.path.join(o.submissions, "needs_gpu_inline_ptx", "lab1-naive", "scan.cu")
        if os.path.exists(gpu_only):
            data, _ = run_pl(o, pl_job(o, root, {"scan.cu": open(gpu_only, encoding="utf-8").read()},
                                       data={"params": {"scanlab_labs": [1]}}))
            check(data["gradable"] is False and "cannot grade this here" in data["message"],
                  f"GPU-only file: gradable {data['gradable']}, message {data['message'][:300]!r}")
            check("compile error" not in data["message"].replace("not a compile error", ""), "reads as a compile error")
        pl_platform_submissions(o, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def pl_platform_submissions(o, root):
    """The submissions every platform test grades (platforms/submissions.py) but the reference,
    graded above: a compile error, libcu++, and (as root, so that it runs as nobody) the forger,
    jailed and with "jail": false."""
    problems = []
    results = os.path.join(root, "grade", "results")
    for name, text, judge in submissions.cases(o.source, results, submissions.PRAIRIELEARN_FULL):
        if name == "correct" or (name == "forging" and os.geteuid() != 0):
            continue
        for jail in ((True, False) if name == "forging" else (True,)):
            data, _ = run_pl(o, pl_job(o, root, {"scan.cu": text}, jail=jail))
            text_seen = data.get("message", "") + "".join(t.get("name", "") + "\n" + t.get("output", "") + t.get("message", "")
                                                          for t in data.get("tests", []))
            problem = judge(data.get("score"), text_seen)
            if name == "broken" and data.get("gradable") is not True:
                problem = "a compile error is not gradable (the README says it is)"
            print(f"{name} ({'jailed' if jail else 'jail false'}): score {data.get('score')}" + (f": {problem}" if problem else ""))
            if problem:
                problems.append(f"{name}: {problem}")
    check(not problems, "; ".join(problems))


def test_map_submission(o):
    """map_submission.py on a repository upload (labs/lab1-naive/scan.cu, lab2-..., lab3-...):
    each file is its folder's lab, whichever labs the assignment grades; a lab not graded is
    named as such, never "no lab named" nor "also for lab 2"."""
    work = fresh(os.path.join(o.work, "map-submission"))
    upload = os.path.join(work, "upload", "repo", "labs")
    for lab in ("lab1-naive", "lab2-kogge-stone", "lab3-double-buffer"):
        shutil.copytree(os.path.join(o.source, "labs", lab), os.path.join(upload, lab))
    script = os.path.join(o.source, "grader", "gradescope", "map_submission.py")
    expected = {"2": {"2": "repo/labs/lab2-kogge-stone/scan.cu"},
                "2 3": {"2": "repo/labs/lab2-kogge-stone/scan.cu", "3": "repo/labs/lab3-double-buffer/scan.cu"},
                "": {"1": "repo/labs/lab1-naive/scan.cu", "2": "repo/labs/lab2-kogge-stone/scan.cu",
                     "3": "repo/labs/lab3-double-buffer/scan.cu"}}
    for labs, mapping in expected.items():
        out, report = fresh(os.path.join(work, "out")), os.path.join(work, "report.json")
        p = run([sys.executable, script, "--labs-dir", os.path.join(o.source, "labs"), "--labs", labs,
                 "--report", report, os.path.join(work, "upload"), out])
        check(p.returncode == 0, f"--labs '{labs}': exit {p.returncode}")
        with open(report, encoding="utf-8") as f:
            got = json.load(f)
        check(got["mapping"] == mapping, f"--labs '{labs}': mapping {got['mapping']}, expected {mapping}")
        notes = "\n".join(got["notes"])
        check("no lab named" not in notes and "also for lab" not in notes, f"--labs '{labs}': {notes}")
        if "1" not in mapping:
            check("this assignment does not grade lab 1" in notes, f"--labs '{labs}': lab 1's file not named: {notes}")


def resume_batch(o, batch):
    """20 lab-1 submissions: the reference, the stub, two mutants of the reference and a host loop,
    four copies each (a comment apiece makes every file different)."""
    reference = open(os.path.join(o.source, "solutions", "lab1-naive", "scan.cu"), encoding="utf-8").read()
    sources = {
        "ref": reference,
        "stub": open(os.path.join(o.source, "labs", "lab1-naive", "scan.cu"), encoding="utf-8").read(),
        "exclusive": reference.replace("j <= i", "j < i"),       # wrong output
        "past-end": reference.replace("if (i >= n) return;", "if (i > n) return;"),  # writes output[n]
        "host-loop": open(os.path.join(o.submissions, "host_loop", "lab1-naive", "scan.cu"),
                          encoding="utf-8").read(),
    }
    check(sources["exclusive"] != reference and sources["past-end"] != reference, "the mutants did not apply")
    for copy in range(4):
        for kind, text in sources.items():
            folder = os.path.join(batch, f"{kind}-{copy}", "lab1-naive")
            os.makedirs(folder)
            with open(os.path.join(folder, "scan.cu"), "w", encoding="utf-8") as f:
                f.write(text + f"\n// student {kind}-{copy}\n")


def scores(summary):
    """summary.csv without its seconds column (timings differ between runs)."""
    with open(summary, encoding="utf-8") as f:
        rows = list(csv.reader(f))
    seconds = rows[0].index("seconds")
    return [r[:seconds] + r[seconds + 1:] for r in rows]


def test_batch_resume(o):
    """A batch killed with SIGKILL mid-way and run again grades only what had not finished, and
    ends with the summary.csv of an uninterrupted run (scores; fixed seed)."""
    work = fresh(os.path.join(o.work, "batch-resume"))
    batch = fresh(os.path.join(work, "submissions"))
    resume_batch(o, batch)
    full, killed = os.path.join(work, "full"), os.path.join(work, "killed")
    def command(out):
        return [o.scanlab, "grade", "--batch", batch, "--out", out, "--lab", "1", "--backend", "cpu", "--rubric",
                o.rubric, "--jobs", "2", "--seed", "1515"]
    p = run(command(full), timeout=600)
    check(p.returncode == 0, f"uninterrupted run: exit status {p.returncode}")
    reference = scores(os.path.join(full, "summary.csv"))
    check(len(reference) == 21, f"uninterrupted run: {len(reference) - 1} rows")

    # Kill the grader (SIGKILL, no chance to clean up) once a third of the results are on disk.
    scratch = fresh(os.path.join(work, "scratch"))  # TMPDIR: where the grader's work folders go
    env = dict(os.environ)
    env.pop("SCANLAB_GRADER_SEED", None)
    env["TMPDIR"] = scratch
    grader = subprocess.Popen(command(killed), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 400
    def finished():
        return sorted(f[:-5] for f in os.listdir(killed) if f.endswith(".json")) if os.path.isdir(killed) else []
    while len(finished()) < 7 and time.time() < deadline and grader.poll() is None:
        time.sleep(0.05)
    grader.send_signal(signal.SIGKILL)
    grader.wait()
    done_before = finished()
    print(f"killed after {len(done_before)} results: {done_before}")
    check(7 <= len(done_before) < 20, f"{len(done_before)} results when killed (the test wants a batch cut mid-way)")
    partial = scores(os.path.join(killed, "summary.csv"))
    # summary.csv follows each result file; the kill may fall between the two (one result ahead).
    listed = sorted(r[0] for r in partial[1:])
    check(set(listed) <= set(done_before) and len(listed) >= len(done_before) - 1,
          f"summary.csv at the kill lists {listed}; results on disk: {done_before}")
    stamps = {n: os.stat(os.path.join(killed, n + ".json")).st_mtime_ns for n in done_before}
    time.sleep(1.2)  # runners the kill orphaned end at their time limit; then run again
    left = [f for f in os.listdir(scratch) if f.startswith(f"scanlab-grade-{grader.pid}-")]
    check(len(left) == 1, f"the killed grader's work folder: {left} in {scratch}")

    p = run(command(killed), env={"TMPDIR": scratch}, timeout=600)
    check(p.returncode == 0, f"resumed run: exit status {p.returncode}")
    m = re.search(r"(\d+) skipped .*?, (\d+) to grade", p.stderr)
    check(m is not None, "no progress line saying how many were skipped")
    check(int(m.group(1)) == len(done_before) and int(m.group(2)) == 20 - len(done_before),
          f"skipped {m.group(1)}, graded {m.group(2)}; {len(done_before)} had finished")
    graded_now = sorted(re.findall(r"^(\S+) +\d+\.\d\d / ", p.stdout, re.M))
    check(not set(graded_now) & set(done_before), f"graded again: {sorted(set(graded_now) & set(done_before))}")
    check(len(graded_now) == 20 - len(done_before), f"graded {len(graded_now)} submissions")
    for n, stamp in stamps.items():
        check(os.stat(os.path.join(killed, n + ".json")).st_mtime_ns == stamp, f"{n}.json was rewritten")
    final = scores(os.path.join(killed, "summary.csv"))
    check(final == reference, "summary.csv after the resumed run differs from the uninterrupted run's:\n"
          + "\n".join(",".join(r) for r in final) + "\n---\n" + "\n".join(",".join(r) for r in reference))
    check(not [f for f in os.listdir(killed) if ".tmp" in f], "temporary files left behind")
    check(not os.listdir(scratch), f"work folders left behind after the resumed run: {os.listdir(scratch)}")
    kinds = {r[0].rsplit("-", 1)[0]: r[1] for r in reference[1:]}
    check(float(kinds["ref"]) > max(float(kinds[k]) for k in kinds if k != "ref"), f"scores {kinds}")


def gpu_present():
    if shutil.which("nvidia-smi"):
        try:
            p = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60)
            if p.returncode == 0 and "GPU" in p.stdout:
                return True
        except (OSError, subprocess.TimeoutExpired):
            pass
    return os.path.exists("/dev/nvidia0")


def test_gpu_without_gpu(o):
    if gpu_present():
        print("SKIPPED: this machine has a GPU (the test is about a machine without one)")
        return SKIP
    work = fresh(os.path.join(o.work, "gpu-missing"))
    results = os.path.join(work, "results.json")
    p = run([o.scanlab, "grade", "--lab", "1", "--backend", "gpu", "--rubric", o.rubric,
             "--submission", os.path.join(o.source, "solutions"), "--results", results])
    check(p.returncode == 4, f"exit status {p.returncode}, expected 4 (this machine cannot grade)")
    check("no usable GPU" in p.stderr, "stderr lacks 'no usable GPU'")
    check("Nothing was graded" in p.stderr, "stderr lacks 'Nothing was graded'")
    check(not os.path.exists(results), "a results file (a grade) was written")
    check("0.00/" not in p.stdout, "a score table was printed")


PROBE = r"""
// The autograder test's probe: a correct lab 2 scan whose object, when loaded, tries what
// student code must not manage: forge results.json, change the autograder's files and the
// upload, and it leaves its uid where the test can read it.
#include <cstdio>
#include <unistd.h>
namespace {
struct probe {
  probe() {
    if (FILE* f = std::fopen("@ROOT@/results/results.json", "w")) { std::fputs("{\"score\": 1000}", f); std::fclose(f); }
    if (FILE* f = std::fopen("@ROOT@/results/forged.txt", "w")) { std::fputs("forged", f); std::fclose(f); }
    if (FILE* f = std::fopen("@ROOT@/source/config.sh", "a")) { std::fputs("# tampered\n", f); std::fclose(f); }
    if (FILE* f = std::fopen("@ROOT@/submission/lab2.cu", "a")) { std::fputs("// tampered\n", f); std::fclose(f); }
    if (FILE* f = std::fopen("@UIDFILE@", "a")) { std::fprintf(f, "%d\n", static_cast<int>(getuid())); std::fclose(f); }
  }
} the_probe;
}  // namespace
"""


@as_grading_user_can_read
def test_gradescope(o):
    """run_autograder in Gradescope's folder layout, twice. Jailed (the default): the probe in the
    upload tries to forge results.json and change the autograder's files and gets nothing. With
    SCANLAB_NO_JAIL=1 (config.sh), the second wall alone: as root it grades as an unprivileged user
    (nobody here, so the test adds no account), which can change none of the autograder's files,
    and the probe's uid reaches the test (a jailed probe has no way out to tell it). Both
    results.json follow Gradescope's spec (grader/gradescope/results.schema.json)."""
    privileged = os.geteuid() == 0
    for jailed in (True, False):
        uids = gradescope_run(o, jailed, strict=jailed or privileged)
        if jailed:
            check(not uids, f"a jailed probe wrote into the host's {tempfile.gettempdir()}: uids {uids}")
            continue
        check(uids, "the probe in the submission never ran")
        if not privileged:
            print("SKIPPED (in part): not root, so run_autograder cannot switch users; the rest passed")
            return SKIP
        check(0 not in uids, f"student code ran as root (uids {uids})")
        check(uids == {65534} or all(u != 0 for u in uids), f"uids {uids}")
        print(f"student code ran as uid {sorted(uids)}; results/, config.sh and the upload unchanged")


def gradescope_run(o, jailed, strict):
    """One run_autograder of the reference with the probe appended; the uids the probe left.
    strict: the probe's writes must all have failed (jailed, or graded as another user)."""
    root = fresh(tempfile.mkdtemp(prefix="scanlab-gradescope-"))
    os.chmod(root, 0o755)
    src = os.path.join(root, "source")
    os.makedirs(src)
    package = os.path.join(o.source, "grader", "gradescope")
    for f in ("run_autograder", "map_submission.py"):
        shutil.copy(os.path.join(package, f), src)
    with open(os.path.join(package, "config.sh"), encoding="utf-8") as f:
        config = f.read()
    config = re.sub(r'^SCANLAB_LABS=.*$', 'SCANLAB_LABS="2"', config, flags=re.M)
    config = re.sub(r'^SCANLAB_RUBRIC=.*$', 'SCANLAB_RUBRIC="tests/grader/rubric.json"', config, flags=re.M)
    if not jailed:
        config = re.sub(r'^SCANLAB_NO_JAIL=.*$', 'SCANLAB_NO_JAIL=1', config, flags=re.M)
    with open(os.path.join(src, "config.sh"), "w", encoding="utf-8") as f:
        f.write(config)
    os.symlink(o.source, os.path.join(src, "scanlab"))  # the tree the zip would hold
    os.makedirs(os.path.join(root, "submission"))
    uid_file = os.path.join(tempfile.gettempdir(), f"scanlab-probe-{os.getpid()}.txt")
    with open(uid_file, "w") as f:
        pass
    os.chmod(uid_file, 0o666)
    with open(os.path.join(o.source, "solutions", "lab2-kogge-stone", "scan.cu"), encoding="utf-8") as f:
        solution = f.read()
    upload = os.path.join(root, "submission", "lab2.cu")
    with open(upload, "w", encoding="utf-8") as f:
        f.write(solution + PROBE.replace("@ROOT@", root).replace("@UIDFILE@", uid_file))
    before = {p: open(p, "rb").read() for p in (os.path.join(src, "config.sh"), upload)}
    try:
        p = run([os.path.join(src, "run_autograder")],
                env={"SCANLAB_AUTOGRADER_ROOT": root, "SCANLAB_BIN": o.scanlab, "SCANLAB_GRADER_SEED": "leftover",
                     "SCANLAB_GRADE_USER": "nobody"})
        check(p.returncode == 0, f"run_autograder exited with {p.returncode}")
        check("scanlab grade exited with 0" in p.stdout, "scanlab grade did not exit with 0")
        results = os.path.join(root, "results", "results.json")
        validate_json(o, "grader/gradescope/results.schema.json", results)
        with open(results, encoding="utf-8") as f:
            data = json.load(f)
        check(data["output"].startswith("Files:") and "lab2.cu: graded as lab 2" in data["output"],
              f"output lacks the file mapping: {data['output'][:300]!r}")
        check(data["tests"] and all(t["extra_data"]["lab"] == 2 for t in data["tests"]), "tests of other labs than 2")
        total = sum(t["max_score"] for t in data["tests"])
        check(data["score"] == total == 9, f"score {data['score']}/{total}, expected 9/9 for the reference solution")
        check(data["extra_data"]["seed"] != "hidden", "run_autograder took a leftover SCANLAB_GRADER_SEED")
        check(os.path.exists(os.path.join(root, "results", "summary.md")), "no summary.md")
        check(("without the jail" in data["output"]) != jailed, "the report does not say whether it was jailed")
        if strict:
            check(not os.path.exists(os.path.join(root, "results", "forged.txt")), "student code wrote into results/")
            for path, content in before.items():
                check(open(path, "rb").read() == content, f"student code changed {path}")
        with open(uid_file) as f:
            return {int(line) for line in f if line.strip()}
    finally:
        os.remove(uid_file)
        shutil.rmtree(root, ignore_errors=True)


def test_case_server(o):
    """Correctness cases served by one runner per lab give the verdicts a process per case gives,
    on submissions that crash, write out of bounds, modify their input, rely on a zeroed workspace
    (a second call goes wrong), hit a divergent barrier or get the scan wrong."""
    work = fresh(os.path.join(o.work, "case-server"))
    batch = fresh(os.path.join(work, "submissions"))
    for name in ("crash", "out_of_bounds", "modifies_input", "zeroed_workspace", "divergent_barrier", "wrong_answer",
                 "writes_at_n0"):
        shutil.copytree(os.path.join(o.submissions, name), os.path.join(batch, name),
                        ignore=shutil.ignore_patterns("expect.json"))
    shutil.copytree(os.path.join(o.source, "solutions"), os.path.join(batch, "solutions"))
    outs = {}
    for mode, env in (("served", {}), ("alone", {"SCANLAB_NO_CASE_SERVER": "1"})):
        outs[mode] = os.path.join(work, mode)
        trace = os.path.join(work, f"{mode}.trace")
        p = run([o.scanlab, "grade", "--batch", batch, "--out", outs[mode], "--backend", "cpu", "--rubric", o.rubric,
                 "--jobs", "2", "--seed", "99"], env=dict(env, SCANLAB_GRADER_TRACE=trace), timeout=600)
        check(p.returncode in (0, 1), f"{mode}: exit status {p.returncode}")
        with open(trace, encoding="utf-8") as f:
            served = sum(1 for line in f if line.split()[2:3] == ["serve"])
        check((served > 50) == (mode == "served"), f"{mode}: {served} cases went to a case server")
    compare = os.path.join(o.source, "bench", "grader_verdicts_compare.py")
    p = subprocess.run([sys.executable, compare, outs["alone"], outs["served"]], capture_output=True, text=True)
    print(p.stdout[-4000:])
    check(p.returncode == 0, "served and alone verdicts differ")


def test_figures(o):
    """--figures DIR: a failing lab gets a drawing of its kernel (DIR/labN-trace.html, named in the
    report), races in red; a passing lab gets none."""
    work = fresh(os.path.join(o.work, "figures"))
    figures = os.path.join(work, "figures")
    results = os.path.join(work, "results.json")
    race = os.path.join(o.submissions, "race")
    p = run([o.scanlab, "grade", "--lab", "2", "--backend", "cpu", "--rubric", o.rubric, "--jobs", "2",
             "--submission", race, "--results", results, "--figures", figures, "--no-colour"])
    check(p.returncode == 0, f"exit status {p.returncode}")
    page = os.path.join(figures, "lab2-trace.html")
    if "no drawing of the kernel: this grader's CPU backend was built without" in p.stdout:
        return SKIP  # not GCC: no access instrumentation
    check(os.path.exists(page), f"{page} was not written")
    with open(page, encoding="utf-8") as f:
        text = f.read()
    check("#d50000" in text and "XY" in text, "the drawing shows no race on XY")
    check(page in p.stdout, "the report does not say where the drawing is")
    p = run([o.scanlab, "grade", "--lab", "2", "--backend", "cpu", "--rubric", o.rubric, "--jobs", "2",
             "--submission", os.path.join(o.source, "solutions"), "--figures", os.path.join(work, "none"),
             "--no-colour"])
    check(p.returncode == 0 and not os.path.exists(os.path.join(work, "none", "lab2-trace.html")),
          "a passing lab got a drawing")


TESTS = {
    "figures": test_figures,
    "case-server": test_case_server,
    "no-such-lab": test_no_such_lab,
    "no-jail": test_no_jail,
    "hidden-seed": test_hidden_seed,
    "terminal-width": test_terminal_width,
    "batch": test_batch,
    "batch-resume": test_batch_resume,
    "gpu-without-gpu": test_gpu_without_gpu,
    "prairielearn": test_prairielearn,
    "gradescope": test_gradescope,
    "map-submission": test_map_submission,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("test", choices=sorted(TESTS))
    parser.add_argument("--scanlab", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--submissions", required=True, help="the known-wrong submissions, patches applied")
    parser.add_argument("--work", required=True)
    o = parser.parse_args()
    o.source = os.path.abspath(o.source)
    o.submissions = os.path.abspath(o.submissions)
    o.rubric = os.path.join(o.source, "tests", "grader", "rubric.json")
    try:
        rc = TESTS[o.test](o)
    except Failure as e:
        print(f"FAILED: {o.test}: {e}")
        return 1
    if rc == SKIP:
        return SKIP
    print(f"passed: {o.test}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
