#!/usr/bin/env python3
"""Build the notes' site and open every page in headless Chromium: does it render, is the math
typeset, does every figure load?

    python3 docs/tools/check_site.py --work DIR [--screenshots lab2-kogge-stone,index,...]

Builds the site with `mkdocs build --strict` into DIR/site (a broken link, a missing snippet or a
missing nav entry fails the build), serves it on a free local port and visits every HTML page
that has an entry in the navigation, checking that
  - the page has a title and a non-empty article,
  - every <img> finished loading with naturalWidth > 0 (figures and plots), and there are enough
    of them: at least 2 on each lab page (its data-flow figure and its throughput plot), 3 on lab
    8's (the chain and the look-back figures, and the plot), 2 on the overview (the bench plots),
  - in the instructor tree (docs/instructor/ present: not a student release), no page says
    "PENDING" (a throughput section still a placeholder: its GPU results are missing),
  - where the page holds math (class "arithmatex"), MathJax typeset it (MathJax CHTML output
    exists and no raw "\\(" is left in the rendered text),
  - nothing was requested from outside the local server (no CDN, no web fonts).
Screenshots of the pages named with --screenshots go to DIR/screenshots/<page>.png.
Exit status: 0 all good, 1 a check failed, 77 mkdocs, the theme, Chromium or Selenium missing.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = 77


def missing_tools() -> list[str]:
    missing = []
    for module, package in (("mkdocs", "mkdocs"), ("pymdownx", "python3-pymdownx"), ("selenium", "python3-selenium")):
        if importlib.util.find_spec(module) is None:
            missing.append(package)
    from importlib.metadata import entry_points
    if ("material" not in {e.name for e in entry_points(group="mkdocs.themes")}
            and not Path("/usr/share/mkdocs/themes/material").is_dir()):   # where Debian puts it
        missing.append("mkdocs-material")
    if not Path("/usr/share/javascript/mathjax/MathJax.js").exists():
        missing.append("libjs-mathjax")
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        missing.append("chromium")
    if not shutil.which("chromedriver"):
        missing.append("chromium-driver")
    return missing


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: Path):
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1280,1000", "--hide-scrollbars"):
        opts.add_argument(a)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    opts.binary_location = chromium
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)


PAGE_STATE = """
const imgs = Array.from(document.querySelectorAll('article img'));
const math = document.querySelectorAll('.arithmatex').length;
const article = document.querySelector('article');
return {
  title: document.title,
  text: article ? article.innerText.length : 0,
  images: imgs.map(i => ({src: i.getAttribute('src'), complete: i.complete, width: i.naturalWidth})),
  math: math,
  typeset: document.querySelectorAll('.mjx-chtml, .MathJax_CHTML').length,
  raw: article ? (article.innerText.includes('\\\\(') || article.innerText.includes('\\\\[')) : false,
  placeholder: article ? article.innerText.includes('PENDING') : false,
  mathjax: typeof window.MathJax !== 'undefined' && !!window.MathJax.Hub,
  pending: (typeof window.MathJax !== 'undefined' && window.MathJax.Hub) ? window.MathJax.Hub.queue.pending : -1,
};
"""


def min_figures(name: str) -> int:
    """The figures a page must show: name is the page's path without .html ("labs/lab8-single-pass")."""
    if name == "overview":
        return 2
    if name.startswith("labs/lab8"):
        return 3
    if name.startswith("labs/lab"):
        return 2
    return 0


def check_page(driver, url: str, name: str = "", instructor_tree: bool = False) -> tuple[list[str], dict]:
    driver.get(url)
    deadline = time.time() + 20
    state = driver.execute_script(PAGE_STATE)
    while time.time() < deadline:   # wait for images and MathJax to settle
        state = driver.execute_script(PAGE_STATE)
        images_done = all(i["complete"] for i in state["images"])
        math_done = state["math"] == 0 or (state["typeset"] > 0 and state["pending"] == 0)
        if images_done and math_done:
            break
        time.sleep(0.2)
    problems = []
    if not state["title"] or state["text"] < 200:
        problems.append(f"the page did not render (title {state['title']!r}, {state['text']} characters)")
    for img in state["images"]:
        if not img["complete"] or img["width"] <= 0:
            problems.append(f"figure {img['src']} did not load (naturalWidth {img['width']})")
    if len(state["images"]) < min_figures(name):
        problems.append(f"only {len(state['images'])} figures, at least {min_figures(name)} expected")
    if instructor_tree and state["placeholder"]:
        problems.append("the page says PENDING: a throughput section is a placeholder (no GPU result in bench/results)")
    if state["math"]:
        if not state["mathjax"]:
            problems.append("MathJax did not load")
        elif state["typeset"] == 0 or state["raw"]:
            problems.append(f"math was not typeset ({state['math']} formulas, {state['typeset']} typeset)")
    return problems, state


def external_requests(driver, host: str) -> list[str]:
    import json
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            url = msg["params"]["request"]["url"]
            if not url.startswith(host) and not url.startswith("data:"):
                urls.append(url)
    return urls


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True, help="scratch folder (the site and screenshots go here)")
    ap.add_argument("--screenshots", default="index,labs/lab2-kogge-stone,labs/lab4-brent-kung,labs/lab8-single-pass")
    args = ap.parse_args()

    missing = missing_tools()
    system_python = "/usr/bin/python3"
    if missing and Path(system_python).exists() and Path(sys.executable).resolve() != Path(system_python).resolve():
        # Debian's mkdocs and selenium live in the system Python; another python3 (pyenv, a venv)
        # may come first on the PATH.
        import os
        os.execv(system_python, [system_python, __file__, *sys.argv[1:]])
    if missing:
        print(f"check_site: SKIPPED: missing {', '.join(missing)} (apt-get install {' '.join(missing)})")
        return SKIP

    work = Path(args.work).resolve()
    site = work / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q",
                            "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                           cwd=ROOT, capture_output=True, text=True)
    if build.returncode != 0:
        print(f"check_site: mkdocs build --strict failed:\n{build.stdout}{build.stderr}")
        return 1

    # The instructor's tree, as opposed to a student release (which leaves docs/instructor/ out).
    instructor_tree = (ROOT / "docs" / "instructor" / "index.md").exists()

    # The pages to visit: every page the navigation links to, found from the home page's nav.
    server = serve(site)
    host = f"http://127.0.0.1:{server.server_address[1]}/"
    shots = work / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    failures = 0
    driver = browser()
    try:
        driver.get(host + "index.html")
        pages = driver.execute_script(
            "return Array.from(new Set(Array.from(document.querySelectorAll('nav.md-nav--primary a.md-nav__link'))"
            ".map(a => a.href.split('#')[0]).filter(h => h.endsWith('.html'))))")
        if len(pages) < 11:
            print(f"check_site: the navigation lists only {len(pages)} pages: {pages}")
            failures += 1
        wanted = {s.strip() for s in args.screenshots.split(",") if s.strip()}
        for url in sorted(pages):
            name = url[len(host):].removesuffix(".html")
            problems, state = check_page(driver, url, name, instructor_tree)
            figures = len(state["images"])
            status = "ok" if not problems else "FAILED"
            print(f"check_site: {name}: {status} ({figures} figures, {state['math']} formulas, "
                  f"{state['typeset']} typeset)")
            for p in problems:
                print(f"    {p}")
            failures += bool(problems)
            if name in wanted:
                driver.set_window_size(1280, 1000)
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(1280, min(max(height, 1000), 6000))
                driver.save_screenshot(str(shots / (name.replace("/", "_") + ".png")))
                driver.set_window_size(1280, 1000)
        outside = external_requests(driver, host)
        if outside:
            print("check_site: FAILED: requests outside the site: " + ", ".join(sorted(set(outside))[:5]))
            failures += 1
    finally:
        driver.quit()
        server.shutdown()
    print(f"check_site: {len(pages)} pages, {failures} failed; screenshots in {shots}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
