#!/usr/bin/env python3
"""The notes' counts are right: every model reproduces the exact scan, and its additions and steps
equal the closed-form formulas the pages print, at several sizes (not just the figures' n)."""
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "tools"))
import scan_model as sm  # noqa: E402


class Formulas(unittest.TestCase):
    def check(self, model, adds, steps):
        model.run()   # asserts adjacency of every addition and the exact result
        self.assertEqual(model.adds, adds, model.key)
        self.assertEqual(model.step_count, steps, model.key)

    def test_naive(self):
        for n in (1, 2, 8, 33):
            self.check(sm.naive(n), *(f(n) for f in sm.FORMULAS["naive"]))

    def test_kogge_stone_and_double_buffer(self):
        for n in (2, 16, 256):
            want = [f(n) for f in sm.FORMULAS["kogge_stone"]]
            self.check(sm.lab2(n), *want)
            self.check(sm.lab3(n), *want)
            self.assertEqual(sm.lab3(n).copies, n - 1)

    def test_brent_kung(self):
        for n in (4, 16, 2048):
            self.check(sm.lab4(n), *(f(n) for f in sm.FORMULAS["brent_kung"]))

    def test_blelloch(self):
        for n in (2, 16, 1024):
            self.check(sm.lab5(n), *(f(n) for f in sm.FORMULAS["blelloch"]))

    def test_coarsened(self):
        for t, c in ((4, 4), (8, 2), (32, 8)):
            self.check(sm.lab6(t, c), *sm.coarsened_counts(t, c))

    def test_hierarchical(self):
        for n, s in ((16, 4), (64, 4), (64, 8)):
            adds, steps, _ = sm.hierarchical_counts(n, s)
            self.check(sm.lab7(n, s), adds, steps)

    def test_single_pass(self):
        for n, t in ((16, 4), (64, 8)):
            self.check(sm.lab8_chain(n, t), *sm.single_pass_counts(n, t, False))
            self.check(sm.lab8_lookback(n, t), *sm.single_pass_counts(n, t, True))

    def test_a_wrong_algorithm_is_refused(self):
        m = sm.lab2(8)
        m.steps[1].ops[0].srcs = [0, 3]   # adds two ranges that are not adjacent
        with self.assertRaises(AssertionError):
            m.run()


class PageNumbers(unittest.TestCase):
    """Numbers the prose repeats are the counted ones (the table the page includes)."""

    def test_lab1_work_ratio_is_counted(self):
        import scan_figures
        table = scan_figures.counts_markdown("lab1-naive")
        row = next(line for line in table.splitlines() if line.startswith("| n = 65536 "))
        ratio = row.split("|")[4].strip()
        self.assertEqual(ratio, f"{65536 // 2:,}")   # n(n-1)/2 additions over n - 1
        page = (Path(__file__).resolve().parents[2] / "docs" / "labs" / "lab1-naive.md").read_text()
        self.assertIn(f"{ratio} times", page, "lab1-naive.md must quote the table's ratio")
        self.assertNotIn("million times", page)


if __name__ == "__main__":
    unittest.main()
