"""A graded batch as the report reads it: one Student per OUT/<name>.json that scanlab grade wrote.

Only what the grader wrote is read (extra_data.result, the grader's own record of the grading);
the numbers come from there and nowhere else, so the report's counts are the results' counts.
"""
import json
import os
import re
from dataclasses import dataclass, field


@dataclass
class Test:
    name: str
    kind: str
    score: float
    max_score: float
    passed: bool
    graded: bool
    diagnosis: str
    output: str


@dataclass
class Lab:
    id: int
    name: str
    tests: list
    cannot_grade: str
    seconds: float
    throughput_gelems: float = None

    @property
    def score(self):
        return sum(t.score for t in self.tests)

    @property
    def max_score(self):
        return sum(t.max_score for t in self.tests if t.graded)

    @property
    def submitted(self):
        return not any(t.diagnosis == "missing_file" for t in self.tests)

    def test(self, kind):
        return next((t for t in self.tests if t.kind == kind), None)

    def performance(self):
        """(fraction of the reference, fraction of a copy) from the performance test, or None."""
        t = self.test("performance")
        if not t or not t.graded:
            return None
        m = PERFORMANCE_LINE.search(t.output)
        return (int(m.group(1)) / 100, int(m.group(2)) / 100) if m else None


# The performance test's first line (grader/src/score/performance.cpp, score_measured).
PERFORMANCE_LINE = re.compile(r"(\d+)% of the reference solution \([\d.]+ ms\), (\d+)% of a device copy")


@dataclass
class Student:
    name: str
    dir: str
    backend: str
    seed: str
    seconds: float
    labs: dict                       # lab id -> Lab
    needs_review: list
    graded_from: dict = field(default_factory=dict)  # rubric, seed and file hashes (may be absent)
    result_file: str = ""

    @property
    def score(self):
        return sum(l.score for l in self.labs.values())

    @property
    def max_score(self):
        return sum(l.max_score for l in self.labs.values())


class NotAResult(Exception):
    pass


def load_student(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        j = json.load(f)
    extra = j.get("extra_data") if isinstance(j, dict) else None
    if not isinstance(extra, dict) or "result" not in extra:
        raise NotAResult(path)
    r = extra["result"]
    labs = {}
    for l in r["labs"]:
        tests = [Test(t["name"], t.get("kind", ""), float(t["score"]), float(t["max_score"]), bool(t.get("passed")),
                      bool(t.get("graded", True)), t.get("diagnosis", ""), t.get("output", "")) for t in l["tests"]]
        labs[int(l["id"])] = Lab(int(l["id"]), l["name"], tests, l.get("cannot_grade", ""), float(l.get("seconds", 0)),
                                 l.get("throughput_gelems"))
    return Student(r["submission"], r.get("dir", ""), r["backend"], str(r["seed"]), float(r.get("seconds", 0)), labs,
                   list(extra.get("needs_review", [])), extra.get("graded_from", {}), path)


def load_batch(out_dir):
    """Every result in out_dir, sorted by name, and the files that looked like results but were not."""
    students, unreadable = [], []
    for entry in sorted(os.listdir(out_dir)):
        if not entry.endswith(".json") or entry.startswith("."):
            continue
        path = os.path.join(out_dir, entry)
        try:
            students.append(load_student(path))
        except NotAResult:
            continue  # another tool's JSON in the folder
        except (OSError, ValueError, KeyError, TypeError) as e:
            unreadable.append((entry, str(e)))
    return students, unreadable
