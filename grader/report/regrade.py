"""What changed between two gradings of a batch, for whom, and why: the per-lab scores of each
student in the previous output folder and this one, with the cause read from what each result was
graded from (extra_data.graded_from: the rubric's and each lab file's SHA-256, the seed, the backend).
"""
from dataclasses import dataclass


@dataclass
class Change:
    student: str
    lab: int          # 0: the whole submission (added or removed)
    before: float
    after: float
    causes: list      # "file changed", "rubric changed", "seed changed", ...


def _causes(old, new, lab_name):
    a, b = old.graded_from or {}, new.graded_from or {}
    if not a or not b:
        return ["unknown: a result without a record of what it was graded from (graded by an older scanlab)"]
    causes = []
    if a.get("files", {}).get(lab_name) != b.get("files", {}).get(lab_name):
        causes.append("file changed")
    if a.get("rubric") != b.get("rubric"):
        causes.append("rubric changed")
    if a.get("seed") != b.get("seed"):
        causes.append("seed changed")
    if a.get("backend") != b.get("backend"):
        causes.append(f"backend {a.get('backend')} -> {b.get('backend')}")
    if a.get("grader") != b.get("grader"):
        causes.append("grader changed")
    return causes or ["same inputs: the grading itself differed (a timing, or a flaky submission)"]


def compare(previous, current):
    """Changes in score, per student and lab; unchanged scores are left out."""
    old = {s.name: s for s in previous}
    new = {s.name: s for s in current}
    changes = []
    for name in sorted(set(old) | set(new)):
        if name not in old:
            changes.append(Change(name, 0, 0.0, new[name].score, ["new submission"]))
            continue
        if name not in new:
            changes.append(Change(name, 0, old[name].score, 0.0, ["no result in this grading"]))
            continue
        o, n = old[name], new[name]
        for lab_id in sorted(set(o.labs) | set(n.labs)):
            lo, ln = o.labs.get(lab_id), n.labs.get(lab_id)
            before = lo.score if lo else 0.0
            after = ln.score if ln else 0.0
            if abs(before - after) < 1e-9:
                continue
            lab_name = (ln or lo).name
            changes.append(Change(name, lab_id, before, after, _causes(o, n, lab_name)))
    return changes
