#!/usr/bin/env python3
"""The notes' benchmark material is consistent with the committed results (CTest docs:bench):

- a committed summary (bench/results/*summary*.md) that names the command that made it ("Made by
  `python3 bench/summarize_bench.py ...`") is exactly what that command prints now, from the
  committed JSON alone;
- docs/tools/bench_pages.py without a results folder (a student release has no bench/) exits 0
  and leaves docs/generated/ as it is, plots included;
- with a results folder but no GPU result, its placeholders say PENDING and, as a student
  release ships them (instructor-only blocks removed), point to no page or file it leaves out
  (the instructor guide, bench/);
- the overview's throughput table has a row for every lab, lab 1 included (not run at 2^28);
- every lab page's Reproduce section names the benchmark commands behind its table;
- every lab page shows one throughput plot (lab 8's: the chain, the look-back, the copy and CUB, not
  the research's variants), and no generated page names a folder of the machine that ran the run;
- the lab pages are lecture notes, not a research log: no "round N", no dated runs.
"""
import filecmp
import importlib.machinery
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "docs" / "tools"
LABS = ["lab1-naive", "lab2-kogge-stone", "lab3-double-buffer", "lab4-brent-kung", "lab5-exclusive",
        "lab6-coarsened", "lab7-hierarchical", "lab8-single-pass"]


def as_released(text: str) -> str:
    """The text as `scanlab release` ships it: without its instructor-only blocks."""
    loader = importlib.machinery.SourceFileLoader("scanlab_release", str(ROOT / "grader" / "release" / "scanlab-release"))
    spec = importlib.util.spec_from_loader("scanlab_release", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    public = module.strip_instructor_blocks(text.encode(), "placeholder")
    return text if public is None else public.decode()


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, *map(str, args)], cwd=cwd, capture_output=True, text=True)


class Summary(unittest.TestCase):
    def test_committed_summaries_match_their_command(self):
        checked = 0
        for path in sorted((ROOT / "bench" / "results").rglob("*summary*.md")):
            m = re.search(r"^Made by `python3 (bench/summarize_bench\.py [^`]*)`", path.read_text(), re.M)
            if not m:
                continue
            script, *inputs = m.group(1).split()
            for i in inputs:
                self.assertTrue((ROOT / i).exists(), f"{path.name}: its input {i} is not committed")
            fresh = run(script, *inputs)
            self.assertEqual(fresh.returncode, 0, fresh.stderr)
            self.assertEqual(fresh.stdout.rstrip("\n"), path.read_text().rstrip("\n"),
                             f"{path.relative_to(ROOT)} is not what `{m.group(1)}` prints now: regenerate it")
            checked += 1
        summary = ROOT / "bench" / "results" / "bench-h100-summary.md"
        if summary.exists():
            self.assertTrue("Made by `python3 bench/summarize_bench.py bench/results/bench-h100.json`." in summary.read_text(),
                            "the H100 summary must come from bench-h100.json alone, and say so")
        self.assertGreater(checked, 0, "no committed summary names its command")


class BenchPages(unittest.TestCase):
    def test_no_results_folder_leaves_generated_files_alone(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "generated"
            shutil.copytree(ROOT / "docs" / "generated", out)
            r = run(TOOLS / "bench_pages.py", "--results", Path(tmp) / "no-bench-here", "--out", out)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            cmp = filecmp.dircmp(ROOT / "docs" / "generated", out)
            def differences(c):
                found = c.left_only + c.right_only + c.diff_files
                for sub in c.subdirs.values():
                    found += differences(sub)
                return found
            self.assertEqual(differences(cmp), [], "bench_pages.py changed docs/generated without a results folder")
            for lab in LABS:
                self.assertTrue((out / "plots" / f"{lab}.svg").exists(), f"{lab}'s plot was deleted")

    def test_placeholders_point_nowhere_a_release_leaves_out(self):
        with tempfile.TemporaryDirectory() as tmp:
            results, out = Path(tmp) / "results", Path(tmp) / "generated"
            results.mkdir()
            r = run(TOOLS / "bench_pages.py", "--results", results, "--out", out)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            pages = sorted((out / "bench").glob("*.md.txt"))
            self.assertEqual(len(pages), len(LABS) + 1)
            for page in pages:
                text = as_released(page.read_text())
                self.assertIn("PENDING", text, page.name)
                self.assertNotRegex(text, r"(?i)instructor", f"{page.name} points to the instructor guide")
                self.assertNotRegex(text, r"\]\(", f"{page.name} links to a page")
                self.assertNotIn("bench/device", text, f"{page.name} names a script the release leaves out")

    def test_overview_has_every_lab(self):
        text = (ROOT / "docs" / "generated" / "bench" / "overview.md.txt").read_text()
        if "PENDING" in text:
            self.skipTest("no GPU result committed")
        for lab in LABS:
            self.assertRegex(text, rf"(?m)^\| {lab.split('-')[0]}-solution", f"{lab} has no row in the overview table")
        self.assertRegex(text, r"(?m)^\| lab1-solution at 2\^16 \(not run above 2\^16")


class Reproduce(unittest.TestCase):
    def test_lab_pages_name_the_benchmark_commands(self):
        for lab in LABS:
            page = (ROOT / "docs" / "labs" / f"{lab}.md").read_text()
            section = page[page.index("## Reproduce"):]
            for command in ("make bench", "bash bench/device/bench_gpu.sh build-gpu", "docs/tools/bench_pages.py"):
                self.assertIn(command, section, f"{lab}.md's Reproduce section does not name {command}")


class Plots(unittest.TestCase):
    def test_each_lab_page_shows_one_plot(self):
        for lab in LABS:
            text = (ROOT / "docs" / "generated" / "bench" / f"{lab}.md.txt").read_text()
            if "PENDING" in text:
                continue
            images = re.findall(r"!\[[^\]]*\]\(([^)]*)\)", text)
            self.assertEqual(images, [f"../generated/plots/{lab}.svg"], f"{lab}: one plot, its own")
        svg = (ROOT / "docs" / "generated" / "plots" / "lab8-single-pass.svg").read_text()
        for series in ("lab8-solution (chain)", "lab8-advanced (look-back)", "copy ceiling", "CUB"):
            self.assertIn(f">{series}</text>", svg, f"lab 8's plot has no {series} line")
        self.assertNotIn("lb-", svg, "lab 8's plot shows a research variant")

    def test_no_machine_path_in_generated_pages(self):
        with tempfile.TemporaryDirectory() as tmp:
            results, out = Path(tmp) / "results", Path(tmp) / "generated"
            results.mkdir()
            doc = json.loads((ROOT / "bench" / "results" / "bench-h100.json").read_text())
            doc["command"] = "build-gpu/bin/scanlab-bench --log2 20 --json /home/someone/out/bench/bench.json"
            (results / "run.json").write_text(json.dumps(doc))
            r = run(TOOLS / "bench_pages.py", "--results", results, "--out", out)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            for page in sorted(out.rglob("*.*")):
                text = page.read_text()
                self.assertNotIn("/home/someone", text, f"{page.name} names the benchmark machine's folder")
                self.assertNotIn(tmp, text, f"{page.name} names the folder the results were read from")
            self.assertIn("--json bench.json`", (out / "bench" / "lab8-single-pass.md.txt").read_text())
        for page in sorted((ROOT / "docs" / "generated").rglob("*.*")):
            self.assertNotRegex(page.read_text(), r"(?<![\w.$])/(work|tmp|root|home)/", f"{page} names a machine folder")


class LectureNotNotebook(unittest.TestCase):
    def test_lab_pages_carry_no_research_log(self):
        for lab in LABS:
            page = (ROOT / "docs" / "labs" / f"{lab}.md").read_text()
            self.assertNotRegex(page, r"(?i)\brounds? \d", f"{lab}.md cites research rounds")
            self.assertNotRegex(page, r"\b20\d\d-\d\d-\d\d", f"{lab}.md cites a dated run")
            self.assertNotRegex(page, r"research/", f"{lab}.md points into research/, which a release leaves out")


if __name__ == "__main__":
    unittest.main()
