"""The numbers of the class report, computed once from the batch's results: per lab the score
distribution, each test's pass rate, the failure kinds and detector findings with the students
behind them, performance and the leaderboard; and the submissions an instructor must look at.
Rendering (html_page.py, markdown_page.py) only formats what is here.
"""
import hashlib
import os
import re
import secrets
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import findings as findings_mod

TEST_KINDS = ["edge", "random", "large", "race", "barrier", "memory", "progress", "performance"]
KIND_TITLES = {"edge": "edge sizes", "random": "random sizes", "large": "largest sizes", "race": "races",
               "barrier": "barriers", "memory": "memory", "progress": "progress", "performance": "performance"}
# Diagnoses that are the consequence of another failure, not a cause of their own.
DERIVED = {"not_correct", "not_run"}
# Diagnoses that say the grade itself needs a person: the timing or the output is not the kernel's.
TRUST = {"implausible_timing": "implausible timing", "timing_tampered": "forged timing",
         "timed_output_wrong": "timed output wrong", "host_computed_output": "output computed on the host",
         "uses_library": "uses a library scan"}
# Of a device copy of the same bytes: a scan reads and writes every element, so it can at best match
# a copy. The grader refuses more than the rubric's max_of_copy (1.1, timing noise); from a copy's
# speed up to that, a person should look. (Not a multiple of the reference: lab 8's reference is
# the taught chained scan, and a decoupled look-back is 60x faster, measured on an H200.)
FAST_OUTLIER = 1.0


@dataclass
class FailureKind:
    diagnosis: str
    students: list
    example: str  # one anonymised message


@dataclass
class FindingGroup:
    kind: str
    variable: str
    access: str
    students: list
    usual_code: tuple   # the source lines most students' finding named
    usual_lines: tuple
    usual_count: int


@dataclass
class LabSummary:
    id: int
    name: str
    submitted: list = field(default_factory=list)      # (student, Lab)
    missing: list = field(default_factory=list)        # students without the lab's file
    pass_rates: dict = field(default_factory=dict)     # kind -> (passed, graded)
    failure_kinds: list = field(default_factory=list)
    finding_groups: list = field(default_factory=list)
    performance: list = field(default_factory=list)    # (student, of reference, of copy)
    held_back: set = field(default_factory=set)        # off the leaderboard until someone looks
    pairs: list = field(default_factory=list)          # similarity.Pair

    def score_fractions(self):
        return [lab.score / lab.max_score for _, lab in self.submitted if lab.max_score > 0]


@dataclass
class ReviewItem:
    student: str
    lab: int        # 0: the whole submission
    reason: str
    detail: str


def anonymise(text, student):
    """A message with the student's folder taken out. The grader names a submission's files by
    their path; the bare name is left alone, since a student called "race" must not turn every
    "race" of a message into "<student>"."""
    out = text
    for folder in sorted({student.dir.rstrip("/"), os.path.dirname(student.dir.rstrip("/"))}, key=len, reverse=True):
        if len(folder) > 1:
            out = out.replace(folder + "/", "<student>/").replace(folder, "<student>")
    return out


def _example(test, student):
    lines = [l for l in test.output.splitlines() if l.strip()]
    # The first failing case and its explanation, not the list of every case.
    start = next((i for i, l in enumerate(lines) if l.startswith("FAIL")), 0)
    return anonymise("\n".join(lines[start:start + 8]), student)


def summarise_lab(lab_id, lab_name, students):
    s = LabSummary(lab_id, lab_name)
    kinds = defaultdict(list)
    examples = {}
    groups = defaultdict(list)  # (kind, variable, access) -> [(student, finding)]
    for st in students:
        lab = st.labs.get(lab_id)
        if lab is None:
            continue
        if not lab.submitted:
            s.missing.append(st.name)
            continue
        s.submitted.append((st.name, lab))
        for t in lab.tests:
            if t.graded and t.kind:
                passed, graded = s.pass_rates.get(t.kind, (0, 0))
                s.pass_rates[t.kind] = (passed + (1 if t.passed else 0), graded + 1)
        seen = set()
        for t in lab.tests:
            if t.passed or not t.graded or not t.diagnosis or t.diagnosis in DERIVED or t.diagnosis in seen:
                continue
            seen.add(t.diagnosis)
            kinds[t.diagnosis].append(st.name)
            examples.setdefault(t.diagnosis, _example(t, st))
        if lab.cannot_grade and "cannot_grade" not in seen:
            kinds["cannot_grade"].append(st.name)
            examples.setdefault("cannot_grade", anonymise(lab.cannot_grade, st))
        for f in findings_mod.lab_findings(lab):
            groups[(f.kind, f.variable, f.access)].append((st.name, f))
        perf = lab.performance()
        if perf:
            s.performance.append((st.name, perf[0], perf[1]))
            timing = lab.test("performance").diagnosis
            if timing in TRUST or perf[1] >= FAST_OUTLIER:
                s.held_back.add(st.name)
    s.failure_kinds = sorted((FailureKind(d, names, examples[d]) for d, names in kinds.items()),
                             key=lambda k: (-len(k.students), k.diagnosis))
    for (kind, variable, access), hits in groups.items():
        names = sorted({name for name, _ in hits})
        usual = Counter((f.code, f.lines) for _, f in hits).most_common(1)[0]
        s.finding_groups.append(FindingGroup(kind, variable, access, names, usual[0][0], usual[0][1], usual[1]))
    s.finding_groups.sort(key=lambda g: (-len(g.students), g.kind, g.variable))
    return s


def lab_catalogue(students):
    """(id, name) of every lab any result names, in order."""
    labs = {}
    for st in students:
        for lab in st.labs.values():
            labs.setdefault(lab.id, lab.name)
    return sorted(labs.items())


def review_items(students, labs, missing_results, unreadable):
    items = []
    for name, why in missing_results:
        items.append(ReviewItem(name, 0, "no result", why))
    for name, why in unreadable:
        items.append(ReviewItem(name, 0, "unreadable result", why))
    for st in students:
        for lab in st.labs.values():
            if lab.cannot_grade:
                items.append(ReviewItem(st.name, lab.id, "cannot grade this here", lab.cannot_grade))
            for t in lab.tests:
                if not t.passed and t.diagnosis in TRUST:
                    first = next((l for l in t.output.splitlines() if l.strip()), "")
                    items.append(ReviewItem(st.name, lab.id, TRUST[t.diagnosis], anonymise(first, st)[:300]))
                if not t.passed and t.diagnosis == "hang":
                    items.append(ReviewItem(st.name, lab.id, "timeout", f"{t.name}: a case hung and was killed"))
    for lab in labs:
        for name, of_ref, of_copy in lab.performance:
            if of_copy >= FAST_OUTLIER:
                items.append(ReviewItem(name, lab.id, "suspiciously fast",
                                        f"{of_ref:.0%} of the reference, {of_copy:.0%} of a copy"))
        partners = defaultdict(list)  # student -> [(similarity, other)], one review line each
        for p in lab.pairs:
            partners[p.a].append((p.similarity, p.b))
            partners[p.b].append((p.similarity, p.a))
        for name, others in partners.items():
            others.sort(key=lambda o: (-o[0], o[1]))
            more = f" and {len(others) - 1} other{'s' if len(others) > 2 else ''}" if len(others) > 1 else ""
            items.append(ReviewItem(name, lab.id, "similar code", f"{others[0][0]:.0%} alike with {others[0][1]}{more}"))
    order = {"no result": 0, "unreadable result": 0, "cannot grade this here": 1, "forged timing": 2,
             "implausible timing": 2, "timed output wrong": 2, "output computed on the host": 2,
             "uses a library scan": 3, "similar code": 4, "suspiciously fast": 5, "timeout": 6}
    unique = {}
    for i in items:  # a flag once per student, lab and reason, whichever tests raised it
        unique.setdefault((i.student, i.lab, i.reason), i)
    return sorted(unique.values(), key=lambda i: (order.get(i.reason, 9), i.student, i.lab))


def results_missing(batch_dir, students):
    """Submissions of the batch folder that have no result: the grader did not finish them."""
    if not batch_dir or not os.path.isdir(batch_dir):
        return []
    have = {st.name for st in students}
    return [(d, f"{batch_dir}/{d} has no result in the output folder (grading did not finish: run the batch again)")
            for d in sorted(os.listdir(batch_dir))
            if os.path.isdir(os.path.join(batch_dir, d)) and not d.startswith(".") and d not in have]


def pseudonym_salt(out_dir):
    """A random salt kept with the batch, so that pseudonyms stay the same between two reports of a
    batch but cannot be recomputed from names by a student."""
    path = os.path.join(out_dir, ".scanlab-report-salt")
    try:
        with open(path) as f:
            salt = f.read().strip()
        if re.fullmatch(r"[0-9a-f]{32}", salt):
            return salt
    except OSError:
        pass
    salt = secrets.token_hex(16)
    with open(path, "w") as f:
        f.write(salt + "\n")
    return salt


def pseudonym(salt, name):
    return "S-" + hashlib.sha256((salt + "\0" + name).encode()).hexdigest()[:6]


def leaderboard(lab):
    """(rank, student, of reference, of copy), fastest first; ties share a rank. A timing that
    needs review (implausible, forged, far above the reference) is held back from it."""
    rows = sorted((r for r in lab.performance if r[0] not in lab.held_back), key=lambda r: (-r[1], r[0]))
    ranked, rank = [], 0
    for i, (name, of_ref, of_copy) in enumerate(rows):
        if i == 0 or of_ref != rows[i - 1][1]:
            rank = i + 1
        ranked.append((rank, name, of_ref, of_copy))
    return ranked


PAIRS_SHOWN = 25        # pairs per lab shown side by side; the rest are listed (keeps the page small)
PAIRS_PER_CLUSTER = 12  # pairs listed per group of alike submissions; report.json has them all

DIAGNOSES = {
    "wrong_output": "wrong output", "race": "race: the output depends on the thread order",
    "divergent_barrier": "divergent barrier", "deadlock": "blocks wait on each other (deadlock)",
    "hang": "hang (killed at the time limit)", "crash": "crash", "out_of_bounds": "out-of-bounds access",
    "misaligned_address": "misaligned vector access", "compile_error": "does not compile",
    "wrong_signature": "scan() has the wrong signature", "empty_file": "empty file", "no_kernel": "no kernel launched",
    "uses_library": "uses a library scan", "host_computed_output": "output computed on the host",
    "modifies_input": "modifies the input", "dirty_workspace": "depends on a zeroed workspace",
    "stale_workspace": "depends on the previous call's workspace", "output_never_written": "output never written",
    "implausible_timing": "implausible timing", "timing_tampered": "forged timing",
    "timed_output_wrong": "wrong output in the timed run", "performance_run_failed": "timed run failed",
    "leftover_gpu_work": "GPU work left running after scan() returned", "cannot_grade": "cannot grade this here",
    "missing_file": "file missing",
}


def describe(diagnosis):
    return DIAGNOSES.get(diagnosis, diagnosis.replace("_", " "))


def finding_title(group):
    return findings_mod.Finding(group.kind, group.variable, group.usual_lines, group.usual_code, group.access).title()


def clusters(pairs):
    """The flagged pairs of a lab as groups of students all linked by them (connected components),
    largest first: ten copies of one file read as one group, not forty-five pairs."""
    parent = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in pairs:
        parent[root(p.a)] = root(p.b)
    groups = defaultdict(list)
    for p in pairs:
        groups[root(p.a)].append(p)
    out = []
    for members in groups.values():
        names = sorted({n for p in members for n in (p.a, p.b)})
        out.append((names, sorted(members, key=lambda p: (-p.similarity, p.a, p.b))))
    out.sort(key=lambda c: (-len(c[0]), c[0]))
    return out


def speed(of_reference):
    """A fraction of the reference's speed as people read it: 85%, or 63.5x past twice."""
    return f"{of_reference:.1f}x" if of_reference >= 2 else f"{of_reference:.0%}"
