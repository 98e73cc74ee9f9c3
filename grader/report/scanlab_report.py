#!/usr/bin/env python3
"""scanlab report OUT: the class report of a graded batch (what `scanlab grade --batch` also writes
at its end). Reads OUT/<student>.json, writes OUT/report/: index.html (one self-contained page),
report.md, plots/*.svg, findings.csv, report.json (the numbers), leaderboard/<student>.txt.

  scanlab report OUT [--batch DIR] [--previous OLD_OUT] [--rubric FILE] [--threshold X] [--quiet]

--batch DIR      the submissions' folder (default: where the results say they were graded from):
                 its code is compared for similarity, and a submission without a result is flagged
--previous OLD   a previous grading's output folder: the regrade view (what changed, for whom, why)
--rubric FILE    the rubric whose "report" section sets the similarity threshold (default: the
                 course's grader/rubric.json)
--threshold X    similarity threshold (0-1) instead of the rubric's
"""
import argparse
import csv
import datetime
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import batch_results  # noqa: E402
import class_summary as cs  # noqa: E402
import findings  # noqa: E402
import html_page  # noqa: E402
import markdown_page  # noqa: E402
import regrade  # noqa: E402
import similarity  # noqa: E402
import svg_plots  # noqa: E402

DEFAULT_THRESHOLD = 0.7
DEFAULT_MIN_TOKENS = 200
REPORT_KEYS = {"similarity_threshold", "similarity_min_tokens", "_comment"}


class Model:
    """Everything the pages show; built once."""


def read_similarity_rules(rubric_path):
    """(threshold, min_tokens) from the rubric's "report" section."""
    if not rubric_path or not os.path.isfile(rubric_path):
        return DEFAULT_THRESHOLD, DEFAULT_MIN_TOKENS
    with open(rubric_path, encoding="utf-8") as f:
        text = "\n".join(line for line in f if not line.lstrip().startswith("//"))
    section = json.loads(text).get("report", {})
    unknown = set(section) - REPORT_KEYS
    if unknown:
        raise SystemExit(f"scanlab report: {rubric_path}: unknown key(s) in \"report\": {', '.join(sorted(unknown))}")
    t = float(section.get("similarity_threshold", DEFAULT_THRESHOLD))
    if not 0 < t <= 1:
        raise SystemExit(f"scanlab report: {rubric_path}: similarity_threshold must be in (0, 1], not {t}")
    tokens = int(section.get("similarity_min_tokens", DEFAULT_MIN_TOKENS))
    if tokens < similarity.NOISE:
        raise SystemExit(f"scanlab report: {rubric_path}: similarity_min_tokens must be at least {similarity.NOISE}")
    return t, tokens


def batch_folder(students, given):
    if given:
        return os.path.abspath(given)
    parents = {os.path.dirname(s.dir.rstrip("/")) for s in students if s.dir}
    return parents.pop() if len(parents) == 1 else ""


def build(args):
    started = time.monotonic()
    students, unreadable = batch_results.load_batch(args.out)
    if not students and not unreadable:
        raise SystemExit(f"scanlab report: {args.out} has no results of scanlab grade --batch")
    m = Model()
    m.threshold, m.min_tokens = read_similarity_rules(args.rubric)
    if args.threshold:
        m.threshold = args.threshold
    batch_dir = batch_folder(students, args.batch)
    m.labs = [cs.summarise_lab(i, name, students) for i, name in cs.lab_catalogue(students)]
    m.similarity_missing = similarity.MISSING
    by_name = {s.name: s for s in students}
    for lab in m.labs:
        files = {}
        for name, _ in lab.submitted:
            path = os.path.join(batch_dir or os.path.dirname(by_name[name].dir), name, lab.name, "scan.cu")
            if os.path.isfile(path):
                files[name] = path
        stub = os.path.join(args.source_dir, "labs", lab.name, "scan.cu") if args.source_dir else ""
        lab.pairs = similarity.lab_pairs(lab.id, files, stub, m.threshold, m.min_tokens)
    m.review = cs.review_items(students, m.labs, cs.results_missing(batch_dir, students), unreadable)
    salt = cs.pseudonym_salt(args.out)
    m.pseudonyms = {s.name: cs.pseudonym(salt, s.name) for s in students}
    m.changes, m.previous_dir = None, args.previous or ""
    if args.previous:
        previous, _ = batch_results.load_batch(args.previous)
        m.changes = regrade.compare(previous, students)
    backends = Counter(s.backend for s in students)
    seeds = sorted({s.seed for s in students})
    m.headline = (f"{len(students)} submissions in {os.path.abspath(args.out)}, graded on the "
                  f"{' and '.join(sorted(backends))} backend{'s' if len(backends) > 1 else ''}, seed "
                  f"{', '.join(seeds[:3])}{' and others' if len(seeds) > 3 else ''}; code is flagged as similar at "
                  f"{m.threshold:.0%} alike and {m.min_tokens} tokens shared. Built {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}.")
    m.students = students
    m.seconds = time.monotonic() - started
    return m


def write_findings_csv(path, model):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["student", "lab", "kind", "variable", "access", "line", "code"])
        for st in model.students:
            for lab in sorted(st.labs.values(), key=lambda l: l.id):
                for fd in findings.lab_findings(lab):
                    w.writerow([st.name, lab.id, fd.kind, fd.variable, fd.access, ";".join(fd.lines), " | ".join(fd.code)])


def model_json(model):
    """The report's numbers for a program: what the pages show, as data (report.json)."""
    return {
        "students": {s.name: {"score": s.score, "max_score": s.max_score} for s in model.students},
        "similarity": {"threshold": model.threshold, "min_tokens": model.min_tokens,
                       "not_computed": model.similarity_missing},
        "labs": [{
            "id": lab.id, "name": lab.name,
            "submitted": [name for name, _ in lab.submitted], "missing": lab.missing,
            "pass_rates": {k: list(v) for k, v in lab.pass_rates.items()},
            "failure_kinds": {k.diagnosis: k.students for k in lab.failure_kinds},
            "finding_groups": [{"kind": g.kind, "variable": g.variable, "access": g.access, "students": g.students,
                                "usual_code": list(g.usual_code), "usual_lines": list(g.usual_lines)}
                               for g in lab.finding_groups],
            "performance": [{"student": n, "of_reference": a, "of_copy": c} for n, a, c in lab.performance],
            "pairs": [{"a": p.a, "b": p.b, "similarity": p.similarity, "tokens": p.tokens} for p in lab.pairs],
        } for lab in model.labs],
        "review": [{"student": i.student, "lab": i.lab, "reason": i.reason, "detail": i.detail} for i in model.review],
        "regrade": None if model.changes is None else [
            {"student": c.student, "lab": c.lab, "before": c.before, "after": c.after, "causes": c.causes}
            for c in model.changes],
    }


def write_leaderboards(folder, model, above=3):
    os.makedirs(folder)
    for st in model.students:
        lines = []
        for lab in model.labs:
            board = cs.leaderboard(lab)
            mine = next((row for row in board if row[1] == st.name), None)
            if not mine:
                continue
            lines.append(f"lab {lab.id}: you are #{mine[0]} of {len(board)} at {cs.speed(mine[2])} of the reference's speed")
            for rank, name, of_ref, _ in [row for row in board if row[0] < mine[0]][-above:]:
                lines.append(f"  #{rank} {model.pseudonyms[name]}: {cs.speed(of_ref)}")
        if lines:
            with open(os.path.join(folder, st.name + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")


def write(model, out_dir):
    """OUT/report, replaced whole: a reader never sees half of it."""
    staging = tempfile.mkdtemp(prefix=".report-", dir=out_dir)
    plots = os.path.join(staging, "plots")
    os.makedirs(plots)
    plot_files = {}
    for lab in model.labs:
        fr = lab.score_fractions()
        if not fr:
            continue
        name = f"lab{lab.id}-scores.svg"
        with open(os.path.join(plots, name), "w", encoding="utf-8") as f:
            f.write(svg_plots.histogram(fr, 0, 1.0001, 10, f"lab {lab.id}: scores", "share of the lab's points"))
        plot_files[lab.id] = [(f"lab {lab.id} scores", "plots/" + name)]
    with open(os.path.join(staging, "index.html"), "w", encoding="utf-8") as f:
        f.write(html_page.render(model))
    with open(os.path.join(staging, "report.md"), "w", encoding="utf-8") as f:
        f.write(markdown_page.render(model, plot_files))
    write_findings_csv(os.path.join(staging, "findings.csv"), model)
    with open(os.path.join(staging, "report.json"), "w", encoding="utf-8") as f:
        json.dump(model_json(model), f, indent=1)
    write_leaderboards(os.path.join(staging, "leaderboard"), model)
    final = os.path.join(out_dir, "report")
    old = final + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(final):
        os.rename(final, old)
    os.rename(staging, final)
    os.chmod(final, 0o755)
    shutil.rmtree(old, ignore_errors=True)
    return final


def main(argv=None):
    p = argparse.ArgumentParser(prog="scanlab report", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", help="the batch's output folder (scanlab grade --batch ... --out OUT)")
    p.add_argument("--batch", help="the submissions' folder (default: where the results were graded from)")
    p.add_argument("--previous", help="a previous grading's output folder: what changed, for whom, and why")
    p.add_argument("--rubric", help="the rubric with the \"report\" section (default: the course's)")
    p.add_argument("--threshold", type=float, help="similarity threshold, 0-1, instead of the rubric's")
    p.add_argument("--source-dir", default="", help=argparse.SUPPRESS)  # set by bin/scanlab-report
    p.add_argument("--quiet", action="store_true", help="print nothing when all went well")
    args = p.parse_args(argv)
    if not os.path.isdir(args.out):
        raise SystemExit(f"scanlab report: {args.out} is not a folder")
    if not args.rubric and args.source_dir:
        args.rubric = os.path.join(args.source_dir, "grader", "rubric.json")
    model = build(args)
    final = write(model, args.out)
    if not args.quiet:
        need = len({i.student for i in model.review})
        print(f"scanlab report: {final}/index.html ({len(model.students)} submissions, {need} need you; "
              f"built in {model.seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
