"""mkdocs hooks: regenerate the figures and tables before a build, bring MathJax in after it.

Before the build: docs/tools/scan_figures.py (data-flow figures and counts, from the exact models)
and, where it exists, the tool that turns the committed GPU benchmark results into the throughput
tables and plots (a student release has neither: it keeps the committed tables as they are).
After the build: the parts of Debian's MathJax 2 that TeX-AMS_CHTML needs are copied into
site/javascripts/mathjax, so no page loads anything from a CDN.
"""
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.scanlab")
TOOLS = Path(__file__).resolve().parent.parent / "tools"
MATHJAX = Path("/usr/share/javascript/mathjax")
MATHJAX_PARTS = ["MathJax.js", "config", "extensions", "jax/input/TeX", "jax/output/CommonHTML",
                 "jax/element", "localization/en", "fonts/HTML-CSS/TeX/woff"]


def on_config(config, **kwargs):
    # The instructor guide is left out of the student release: list it in the navigation only
    # where it exists, so the release's site builds without a broken entry.
    guide = Path(config["docs_dir"]) / "instructor" / "index.md"
    if guide.exists() and config["nav"] is not None:
        config["nav"].append({"Instructor guide": "instructor/index.md"})
    return config


def on_pre_build(config, **kwargs):
    for tool in ("scan_figures.py", "bench_pages.py"):
        if not (TOOLS / tool).exists():
            continue   # the benchmark tables' tool stays out of a student release
        run = subprocess.run([sys.executable, str(TOOLS / tool)], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"docs/tools/{tool} failed:\n{run.stdout}{run.stderr}")
        for line in run.stdout.splitlines():
            log.info(line)   # e.g. "PENDING: no GPU result ..."


def on_post_build(config, **kwargs):
    if not (MATHJAX / "MathJax.js").exists():
        raise SystemExit(f"{MATHJAX}/MathJax.js is missing: apt-get install libjs-mathjax")
    dest = Path(config["site_dir"]) / "javascripts" / "mathjax"
    for part in MATHJAX_PARTS:
        src = MATHJAX / part
        if src.is_dir():
            shutil.copytree(src, dest / part, dirs_exist_ok=True)   # follows Debian's symlinks
        elif src.exists():
            (dest / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / part)
