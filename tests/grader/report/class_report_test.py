#!/usr/bin/env python3
"""The class report, end to end (CTest grader:class report): a class of 62 submissions graded as
one batch, whose report must agree with the per-student results exactly, group the students who
share a bug, flag the near-copies and not the stub, show a student's markup as text, render in
headless Chromium without console errors, say what changed in a regrade, and stay under 10 MB for
1,000 submissions (their time is bench/report/class_report_scale.sh's).

  class_report_test.py --scanlab BIN/scanlab --source SRC --mutants BUILD/tests/mutants/src
                       --submissions BUILD/tests/grader/submissions --work DIR

--mutants and --submissions are generated at configure time: the mutants' sources and the grader's
known-wrong submissions with their patches applied.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_class  # noqa: E402

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def results(out):
    """{student: [(lab name, lab json)]} straight from the grader's files."""
    got = {}
    for f in sorted(os.listdir(out)):
        if f.endswith(".json") and not f.startswith("."):
            with open(os.path.join(out, f)) as fh:
                r = json.load(fh)["extra_data"]["result"]
            got[r["submission"]] = {lab["name"]: lab for lab in r["labs"]}
    return got


def failing_diagnoses(lab):
    return {t["diagnosis"] for t in lab["tests"]
            if not t["passed"] and t["graded"] and t["diagnosis"] not in ("", "not_correct", "not_run")}


def submitted(lab):
    return not any(t["diagnosis"] == "missing_file" for t in lab["tests"])


def check_results(truth, got):
    for student, labs in truth.items():
        for lab_name, expect in labs.items():
            lab = got[student][lab_name]
            score = sum(t["score"] for t in lab["tests"])
            top = sum(t["max_score"] for t in lab["tests"] if t["graded"])
            if expect == "full":
                ok = score == top and top > 0
            elif expect == "cannot_grade":
                ok = bool(lab["cannot_grade"])
            else:
                ok = expect in failing_diagnoses(lab)
            check(ok, f"{student} {lab_name}: {expect} (score {score}/{top}, {sorted(failing_diagnoses(lab))})")


def check_counts(report, got):
    """Every count of the report, recomputed from the results themselves."""
    for lab in report["labs"]:
        subs = sorted(s for s, labs in got.items() if lab["name"] in labs and submitted(labs[lab["name"]]))
        check(sorted(lab["submitted"]) == subs, f"lab {lab['id']}: {len(subs)} submitted")
        check(len(lab["submitted"]) + len(lab["missing"]) == len(got), f"lab {lab['id']}: submitted + missing = class")
        rates = {}
        kinds = {}
        for s in subs:
            l = got[s][lab["name"]]
            for t in l["tests"]:
                if t["graded"] and t["kind"]:
                    p, g = rates.get(t["kind"], (0, 0))
                    rates[t["kind"]] = (p + t["passed"], g + 1)
            for d in failing_diagnoses(l):
                kinds.setdefault(d, []).append(s)
            if l["cannot_grade"] and "cannot_grade" not in failing_diagnoses(l):
                kinds.setdefault("cannot_grade", []).append(s)
        check({k: tuple(v) for k, v in lab["pass_rates"].items()} == rates, f"lab {lab['id']}: pass rates {rates}")
        check({k: sorted(v) for k, v in lab["failure_kinds"].items()} == {k: sorted(v) for k, v in kinds.items()},
              f"lab {lab['id']}: failure kinds and their students")
    for s, labs in got.items():
        score = sum(t["score"] for l in labs.values() for t in l["tests"])
        check(abs(report["students"][s]["score"] - score) < 1e-9, f"{s}: total {score}")


def group(report, lab_name, kind):
    lab = next(l for l in report["labs"] if l["name"] == lab_name)
    return [g for g in lab["finding_groups"] if g["kind"] == kind]


def check_groups(report, groups):
    for key, students in groups.items():
        lab_id, kind = key.split()
        lab_name = {"lab1": make_class.LAB1, "lab2": make_class.LAB2, "lab3": make_class.LAB3}[lab_id]
        found = group(report, lab_name, kind)
        named = sorted({s for g in found for s in g["students"]})
        check(named == sorted(students), f"{key}: the detectors name {named}, the class has {sorted(students)}")
    race = group(report, make_class.LAB2, "race")
    check(len(race) == 1 and race[0]["variable"] == "XY" and any("XY[t]" in c for c in race[0]["usual_code"]),
          "lab 2: one race group, on XY, with the line of the in-place update")


def check_similarity(report, stub_only):
    pairs = [(p["a"], p["b"]) for l in report["labs"] for p in l["pairs"]]
    check(("nearcopy_original", "nearcopy_renamed") in pairs, "the renamed near-copy is flagged")
    in_pairs = {n for p in pairs for n in p}
    check(not in_pairs & set(stub_only), f"students who handed in the stub are not flagged ({stub_only})")
    lab1 = next(l for l in report["labs"] if l["name"] == make_class.LAB1)
    check(not lab1["pairs"], "lab 1 fill-ins of the stub are not flagged (alike by necessity)")
    check(all(p["similarity"] >= report["similarity"]["threshold"] and p["tokens"] >= report["similarity"]["min_tokens"]
              for l in report["labs"] for p in l["pairs"]), "every flagged pair is over both thresholds")


def check_review(report):
    review = {(i["student"], i["reason"]) for i in report["review"]}
    for item in [("needs_gpu_inline_ptx", "cannot grade this here"), ("host_computed_decoy_kernel", "output computed on the host"),
                 ("uses_cub", "uses a library scan"), ("nearcopy_renamed", "similar code"), ("late", "no result")]:
        check(item in review, f"needs review: {item}")


def check_pages(report_dir, attack_student):
    with open(os.path.join(report_dir, "index.html")) as f:
        html = f.read()
    check("<script" not in html.lower() and "<img" not in html.lower(), "no markup of a student's in the page")
    check("&lt;script&gt;" in html, f"{attack_student}'s markup is shown as text")
    check(not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//|url\(\s*[\"']?(https?:)?//|@import", html),
          "the page loads nothing from the network")
    with open(os.path.join(report_dir, "findings.csv")) as f:
        rows = list(csv.DictReader(f))
    check(any(r["kind"] == "race" and r["variable"] == "XY" for r in rows), "findings.csv has the lab 2 races")
    for page in ["index.html", "report.md", "report.json"]:
        check(os.path.getsize(os.path.join(report_dir, page)) > 1000, f"{page} written")


def render(report_dir, shot):
    """index.html in headless Chromium: no console errors, a screenshot that is not blank."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        chromium = None
    if not chromium or not shutil.which("chromedriver"):
        print("skipped: the browser check (no chromium, chromedriver or selenium)")
        return
    opts = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1800"]:
        opts.add_argument(a)
    opts.binary_location = chromium
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver named, not looked up: newer selenium would otherwise go looking for one online.
    from selenium.common.exceptions import WebDriverException
    try:
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    except WebDriverException as e:  # a browser that cannot start here is this machine's matter
        print(f"skipped: the browser check (chromedriver did not start here: {str(e).strip()[:200]})")
        return
    try:
        driver.get("file://" + os.path.abspath(os.path.join(report_dir, "index.html")))
        errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        check(not errors, f"no console errors ({errors[:2]})")
        check(driver.title == "scanlab class report", f"the page's own title ({driver.title!r})")
        driver.save_screenshot(shot)
    finally:
        driver.quit()
    from PIL import Image
    colours = Image.open(shot).convert("RGB").getcolors(1 << 20) or []
    check(len(colours) > 20, f"the screenshot shows a page ({len(colours)} colours)")


def regrade_view(args, batch, out):
    previous = out + "-before"
    shutil.rmtree(previous, ignore_errors=True)
    shutil.copytree(out, previous)
    fixed = os.path.join(batch, "student21", make_class.LAB1, "scan.cu")  # an exclusive scan, now fixed
    with open(fixed) as f:
        code = f.read()
    with open(fixed, "w") as f:
        f.write(code.replace("< idx;", "<= idx;").replace("< i;", "<= i;").replace("< gid;", "<= gid;")
                .replace("< tid;", "<= tid;").replace("< me;", "<= me;"))
    run([args.scanlab, "grade", "--batch", batch, "--out", out, "--backend", "cpu", "--jobs", "2", "--seed", "7",
         "--rubric", os.path.join(args.source, "tests", "grader", "rubric.json"), "--no-class-report"])
    run([report_tool(args), out, "--batch", batch, "--previous", previous])
    with open(os.path.join(out, "report", "report.json")) as f:
        changes = json.load(f)["regrade"]
    check([(c["student"], c["lab"], c["causes"]) for c in changes] == [("student21", 1, ["file changed"])],
          f"regrade: student21's lab 1, because the file changed ({changes})")
    # A previous grading under another seed (student01) and another rubric (student02), each
    # with a lower lab 1 score then: the causes come from what each result was graded from.
    synthetic = out + "-synthetic"
    shutil.rmtree(synthetic, ignore_errors=True)
    os.makedirs(synthetic)
    for name in os.listdir(out):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(out, name)) as f:
            j = json.load(f)
        extra = j["extra_data"]
        if extra["submission"] in ("student01", "student02"):
            extra["graded_from"]["seed" if extra["submission"] == "student01" else "rubric"] = "other"
            lab1 = next(l for l in extra["result"]["labs"] if l["name"] == make_class.LAB1)
            lab1["tests"][0]["score"] = 0.0
        with open(os.path.join(synthetic, name), "w") as f:
            json.dump(j, f)
    run([report_tool(args), out, "--batch", batch, "--previous", synthetic])
    with open(os.path.join(out, "report", "report.json")) as f:
        changes = {(c["student"], c["lab"]): c["causes"] for c in json.load(f)["regrade"]}
    check(changes == {("student01", 1): ["seed changed"], ("student02", 1): ["rubric changed"]},
          f"regrade: a seed and a rubric change named as such ({changes})")


def scale(args, out, work):
    """1,000 submissions: the 62 results, each copied under 16 names (with their files)."""
    big, big_batch = os.path.join(work, "out-1000"), os.path.join(work, "batch-1000")
    for d in (big, big_batch):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    names = sorted(f[:-5] for f in os.listdir(out) if f.endswith(".json") and not f.startswith("."))
    k = 0
    while k < 1000:
        for name in names:
            if k == 1000:
                break
            new = f"s{k:04d}"
            with open(os.path.join(out, name + ".json")) as f:
                j = json.load(f)
            r = j["extra_data"]["result"]
            src = r["dir"]
            r["submission"], r["dir"] = new, os.path.join(big_batch, new)
            if os.path.isdir(src):
                shutil.copytree(src, r["dir"])
            with open(os.path.join(big, new + ".json"), "w") as f:
                json.dump(j, f)
            k += 1
    start = time.monotonic()
    run([report_tool(args), big, "--batch", big_batch])
    seconds = time.monotonic() - start
    size = sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(os.path.join(big, "report")) for f in fs)
    # The time is a benchmark's to judge (bench/report/class_report_scale.sh, on a quiet machine);
    # here other tests share the cores.
    print(f"info 1,000 submissions: report built in {seconds:.1f} s")
    check(size < 10e6, f"1,000 submissions: report is {size / 1e6:.1f} MB (limit 10)")


def gpu_view(args, out, work):
    """Performance as a GPU batch reports it (grader/src/score/performance.cpp's line), on copies of
    twelve lab 1 results: the speed distributions, the leaderboard and the outliers."""
    gpu = os.path.join(work, "out-gpu")
    shutil.rmtree(gpu, ignore_errors=True)
    os.makedirs(gpu)
    speeds = {f"student{k:02d}": pct for k, pct in zip(range(1, 13), [95, 90, 90, 85, 80, 70, 60, 50, 40, 30, 180, 20])}
    for name, pct in speeds.items():
        with open(os.path.join(out, name + ".json")) as f:
            j = json.load(f)
        j["extra_data"]["result"]["backend"] = "gpu"
        for lab in j["extra_data"]["result"]["labs"]:
            for t in lab["tests"]:
                if lab["name"] == make_class.LAB1 and t["kind"] == "performance":
                    t["graded"], t["max_score"], t["passed"] = True, 1.0, pct >= 70
                    t["score"] = 1.0 if pct >= 70 else 0.0
                    t["diagnosis"] = "implausible_timing" if name == "student12" else ""
                    of_copy = 105 if name == "student11" else pct // 2
                    t["output"] = (f"n = 65536: 0.100 ms (0.66 G elements/s); {pct}% of the reference solution "
                                   f"(0.090 ms), {of_copy}% of a device copy (0.050 ms); full points at 70% of the "
                                   "reference, none at 25%; median of 20 timed calls, each on a new input and checked")
        with open(os.path.join(gpu, name + ".json"), "w") as f:
            json.dump(j, f)
    run([report_tool(args), gpu])
    with open(os.path.join(gpu, "report", "report.json")) as f:
        report = json.load(f)
    lab1 = next(l for l in report["labs"] if l["name"] == make_class.LAB1)
    perf = {p["student"]: round(p["of_reference"] * 100) for p in lab1["performance"]}
    check(perf == speeds, f"speeds read from the performance lines ({perf})")
    with open(os.path.join(gpu, "report", "leaderboard", "student05.txt")) as f:
        board = f.read()
    check("you are #5 of 10" in board and board.count("#") == 4 and "student" not in board,
          f"student05's leaderboard: their rank and three above, under pseudonyms, without the two timings "
          f"under review ({board!r})")
    review = {(i["student"], i["reason"]) for i in report["review"]}
    check(("student11", "suspiciously fast") in review and ("student12", "implausible timing") in review,
          "a lab as fast as a copy and an implausible timing need review")


def report_tool(args):
    return os.path.join(os.path.dirname(args.scanlab), "scanlab-report")


def run(cmd):
    print("+ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(p.stdout[-3000:])
    if p.returncode != 0:
        raise SystemExit(f"FAIL: {cmd[0]} exited with {p.returncode}")
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanlab", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--mutants", required=True)
    ap.add_argument("--submissions", required=True, help="the known-wrong submissions, patches applied")
    ap.add_argument("--work", required=True)
    ap.add_argument("--scale-only", action="store_true",
                    help="only the 1,000-submission build, from the batch a previous run left in --work")
    args = ap.parse_args()
    if args.scale_only:
        scale(args, os.path.join(args.work, "class-report", "out"), os.path.join(args.work, "class-report"))
        return 1 if failures else 0
    work = os.path.join(args.work, "class-report")
    shutil.rmtree(work, ignore_errors=True)
    batch, out = os.path.join(work, "class"), os.path.join(work, "out")
    truth, groups, stub_only, attack = make_class.make_class(args.source, args.mutants, args.submissions, batch)
    # The batch writes the report at its end, as an instructor's does.
    log = run([args.scanlab, "grade", "--batch", batch, "--out", out, "--backend", "cpu", "--jobs", "2", "--seed", "7",
               "--rubric", os.path.join(args.source, "tests", "grader", "rubric.json")])
    check("class report: " in log, "the batch wrote the class report")
    os.makedirs(os.path.join(batch, "late", make_class.LAB1))  # handed in after the batch: no result
    shutil.copy(os.path.join(args.source, "labs", make_class.LAB1, "scan.cu"), os.path.join(batch, "late", make_class.LAB1))
    run([report_tool(args), out, "--batch", batch])
    with open(os.path.join(out, "report", "report.json")) as f:
        report = json.load(f)
    check(not report["similarity"]["not_computed"], f"similarity computed ({report['similarity']['not_computed']})")
    got = results(out)
    check(len(got) >= 60, f"{len(got)} submissions graded")
    check_results(truth, got)
    check_counts(report, got)
    check_groups(report, groups)
    check_similarity(report, stub_only)
    check_review(report)
    check_pages(os.path.join(out, "report"), attack)
    render(os.path.join(out, "report"), os.path.join(work, "report.png"))
    shutil.rmtree(os.path.join(batch, "late"))
    gpu_view(args, out, work)
    regrade_view(args, batch, out)
    scale(args, out, work)
    print(f"{len(failures)} failures" if failures else "class report: every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
