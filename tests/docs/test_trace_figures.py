#!/usr/bin/env python3
"""`scanlab trace`'s figures render in headless Chromium: lab 3's reference solution (no red) and
its missing-barrier mutant (races drawn in red), each next to the taught algorithm's figure.

    test_trace_figures.py BUILD_DIR WORK_DIR

Screenshots go to WORK_DIR/<name>.png. Skipped (77) without Chromium, its driver, selenium or PIL,
or when the two checks are not built.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = 77


def fail(message: str):
    print(f"FAIL: {message}")
    sys.exit(1)


def red_pixels(png: Path) -> int:
    from PIL import Image
    image = Image.open(png).convert("RGB")
    return sum(1 for r, g, b in image.getdata() if r > 190 and g < 60 and b < 60)


def main() -> int:
    build, work = Path(sys.argv[1]), Path(sys.argv[2])
    try:
        import PIL  # noqa: F401
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        print(f"skipped: {e}")
        return SKIP
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium or not shutil.which("chromedriver"):
        print("skipped: no chromium or chromedriver")
        return SKIP
    checks = {
        "reference": build / "bin" / "lab3-double-buffer-check-solution-cpu",
        "race": build / "tests" / "mutants" / "bin" / "lab3-double-buffer-check-mutant-missing_barrier-cpu",
    }
    if not all(c.exists() for c in checks.values()):
        print("skipped: the lab 3 solution's or mutant's CPU check is not built")
        return SKIP
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1400", "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = chromium
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    try:
        for name, check in checks.items():
            trace = work / f"{name}.json"
            run = subprocess.run([str(check), "--n", "16", "--trace", str(trace)], capture_output=True, text=True,
                                 timeout=120)
            if run.returncode != 0:
                fail(f"{check.name} --trace: exit {run.returncode}\n{run.stdout}{run.stderr}")
            data = json.loads(trace.read_text())
            if not data["trace"]["events"]:
                fail(f"{name}: the trace recorded no access")
            page = work / f"{name}.html"
            draw = subprocess.run([sys.executable, str(build / "bin" / "scanlab-trace"), "lab3", "--from-json",
                                   str(trace), "--out", str(page)], capture_output=True, text=True, timeout=120)
            if draw.returncode != 0:
                fail(f"scanlab-trace --from-json {trace}: exit {draw.returncode}\n{draw.stdout}{draw.stderr}")
            driver.get(page.as_uri())
            sizes = driver.execute_script(
                "return ['student', 'reference'].map(id => {"
                "  const s = document.querySelector('#' + id + ' svg');"
                "  return s ? s.getBoundingClientRect().width * s.getBoundingClientRect().height : 0; });")
            if not all(area > 10000 for area in sizes):
                fail(f"{name}: a figure did not render (areas {sizes})")
            shot = work / f"{name}.png"
            driver.save_screenshot(str(shot))
            red = red_pixels(shot)
            print(f"{name}: figures rendered ({sizes[0]:.0f} and {sizes[1]:.0f} px^2), {red} red pixels")
            if name == "reference" and red > 0:
                fail("the reference solution's figure shows red (a race) where there is none")
            if name == "race" and red < 200:
                fail("the missing-barrier mutant's figure shows no race in red")
    finally:
        driver.quit()
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
