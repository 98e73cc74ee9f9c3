#!/usr/bin/env python3
"""`scanlab trace`'s page is legible: in headless Chromium, a cell of the student's drawing is as
wide as a cell of the taught figure under it (within 1.5 px), and no two texts of one drawing
overlap. Pages: lab 2 with the in-place Kogge-Stone race (the missing-barrier mutant, a 1024-cell
shared array of which 16 cells hold data) and the reference solutions of labs 2, 4 and 7 (and of
labs 1, 3, 5 and 6 where their checks are built).

    test_trace_legibility.py BUILD_DIR WORK_DIR [SCANLAB_TRACE]

SCANLAB_TRACE: the drawing script to test (default BUILD_DIR/bin/scanlab-trace). Screenshots go to
WORK_DIR/<page>.png. Skipped (77) without Chromium, its driver or selenium, or when the lab 2
mutant's or the lab 2, 4 and 7 solutions' CPU checks are not built.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = 77
CELL_TOLERANCE_PX = 1.5
WINDOW = (1400, 1000)

REQUIRED = {
    "lab2-race": ("lab2", "tests/mutants/bin/lab2-kogge-stone-check-mutant-missing_barrier-cpu"),
    "lab2": ("lab2", "bin/lab2-kogge-stone-check-solution-cpu"),
    "lab4": ("lab4", "bin/lab4-brent-kung-check-solution-cpu"),
    "lab7": ("lab7", "bin/lab7-hierarchical-check-solution-cpu"),
}
OPTIONAL = {
    "lab1": ("lab1", "bin/lab1-naive-check-solution-cpu"),
    "lab3": ("lab3", "bin/lab3-double-buffer-check-solution-cpu"),
    "lab5": ("lab5", "bin/lab5-exclusive-check-solution-cpu"),
    "lab6": ("lab6", "bin/lab6-coarsened-check-solution-cpu"),
}

# Per drawing (#student's and #reference's svg elements): the rendered width and height of its
# cells (both drawings' cells, and only they, are rounded rects), and every pair of texts whose
# boxes overlap by more than half a pixel both ways.
MEASURE = """
const panels = {student: [...document.querySelectorAll('#student svg')],
                reference: [...document.querySelectorAll('#reference svg')]};
const out = {};
for (const [name, svgs] of Object.entries(panels)) {
  out[name] = svgs.map(svg => {
    const cells = [...svg.querySelectorAll('rect[rx="3"]')]
        .map(r => r.getBoundingClientRect());
    const texts = [...svg.querySelectorAll('text')]
        .filter(t => t.textContent.trim() !== '')
        .map(t => ({text: t.textContent, box: t.getBoundingClientRect()}));
    const overlaps = [];
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i].box, b = texts[j].box;
        const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (dx > 0.5 && dy > 0.5) overlaps.push([texts[i].text, texts[j].text]);
      }
    return {widths: cells.map(c => c.width), heights: cells.map(c => c.height),
            texts: texts.length, overlaps: overlaps};
  });
}
return out;
"""


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0.0


def open_browser():
    """A headless Chromium driver, or None (then the test is skipped)."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        print(f"skipped: {e}")
        return None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium or not shutil.which("chromedriver"):
        print("skipped: no chromium or chromedriver")
        return None
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={WINDOW[0]},{WINDOW[1]}", "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = chromium
    try:   # the driver named, not looked up: newer selenium would otherwise go looking for one online
        return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    except WebDriverException as e:
        print(f"skipped: chromedriver did not start here: {str(e).strip()[:200]}")
        return None


def draw(trace_script: Path, lab: str, check: Path, work: Path, name: str) -> Path:
    """Runs the check with --trace for n = 16 and draws its page; returns the page."""
    trace = work / f"{name}.json"
    run = subprocess.run([str(check), "--n", "16", "--trace", str(trace)], capture_output=True, text=True, timeout=120)
    if not trace.exists():
        raise SystemExit(f"FAIL: {check.name} --trace wrote no trace (exit {run.returncode})\n{run.stdout}{run.stderr}")
    if not json.loads(trace.read_text())["trace"]["events"]:
        raise SystemExit(f"FAIL: {name}: the trace recorded no access")
    page = work / f"{name}.html"
    drawn = subprocess.run([sys.executable, str(trace_script), lab, "--from-json", str(trace), "--out", str(page)],
                           capture_output=True, text=True, timeout=120)
    if drawn.returncode != 0:
        raise SystemExit(f"FAIL: {trace_script.name} --from-json {trace}: exit {drawn.returncode}\n"
                         f"{drawn.stdout}{drawn.stderr}")
    return page


def problems(name: str, measured: dict) -> list:
    """What is not legible on one page, as sentences."""
    found = []
    student, reference = measured["student"], measured["reference"]
    if not student or not any(d["widths"] for d in student):
        return [f"{name}: the student's drawing has no cells"]
    if not reference or not reference[0]["widths"]:
        return [f"{name}: the taught figure has no cells"]
    taught_w, taught_h = median(reference[0]["widths"]), median(reference[0]["heights"])
    for k, drawing in enumerate(student):
        w, h = median(drawing["widths"]), median(drawing["heights"])
        if abs(w - taught_w) > CELL_TOLERANCE_PX or abs(h - taught_h) > CELL_TOLERANCE_PX:
            found.append(f"{name}: launch {k + 1}'s cells are {w:.1f} x {h:.1f} px on screen, the taught "
                         f"figure's {taught_w:.1f} x {taught_h:.1f} px")
    for panel, drawings in (("student", student), ("reference", reference)):
        for k, drawing in enumerate(drawings):
            if drawing["overlaps"]:
                pairs = "; ".join(f"{a!r} / {b!r}" for a, b in drawing["overlaps"][:5])
                found.append(f"{name}: {len(drawing['overlaps'])} pairs of texts overlap in the {panel} "
                             f"drawing {k + 1}, e.g. {pairs}")
    return found


def main() -> int:
    build, work = Path(sys.argv[1]), Path(sys.argv[2])
    trace_script = Path(sys.argv[3]) if len(sys.argv) > 3 else build / "bin" / "scanlab-trace"
    missing = [str(build / path) for _, path in REQUIRED.values() if not (build / path).exists()]
    if missing:
        print("skipped: not built: " + ", ".join(missing))
        return SKIP
    pages = dict(REQUIRED)
    pages.update({k: v for k, v in OPTIONAL.items() if (build / v[1]).exists()})
    driver = open_browser()
    if driver is None:
        return SKIP
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    failures = []
    try:
        for name, (lab, check) in pages.items():
            page = draw(trace_script, lab, build / check, work, name)
            driver.set_window_size(*WINDOW)
            driver.get(page.as_uri())
            measured = driver.execute_script(MEASURE)
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(WINDOW[0], min(height + 120, 6000))
            driver.save_screenshot(str(work / f"{name}.png"))
            found = problems(name, measured)
            cells = [f"{median(d['widths']):.1f}" for d in measured["student"]]
            print(f"{name}: student cells {', '.join(cells)} px wide, taught "
                  f"{median(measured['reference'][0]['widths']) if measured['reference'] else 0:.1f} px; "
                  f"{sum(d['texts'] for d in measured['student'])} texts; {'OK' if not found else 'FAIL'}")
            failures += found
    finally:
        driver.quit()
    for f in failures:
        print(f"FAIL: {f}")
    if failures:
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
