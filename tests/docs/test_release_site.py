#!/usr/bin/env python3
"""The notes build in a student release as they are (CTest docs:release-site).

Writes a student release of this tree with grader/release/scanlab-release (no bench/, no
docs/instructor/), runs `mkdocs build --strict` in it as `make docs` does, and checks that
  - the build succeeds,
  - docs/generated/ went out as this tree's, less its instructor-only blocks (which name the
    benchmark files), and building the notes leaves it byte for byte as shipped (the release has
    no benchmark results, so the committed tables and per-lab plots must stay as they are),
  - no page of the built site says PENDING.
Exit status: 0 good, 1 a check failed, 77 (skipped) without Debian's mkdocs + mkdocs-material or
the release tool.
"""
import hashlib
import importlib.machinery
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = 77


def digest(folder: Path, rewrite=lambda data, rel: None) -> dict:
    """File -> SHA-256 of its bytes, or of rewrite(bytes, rel) where that is not None."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            data = rewrite(data, str(p.relative_to(folder))) or data
            out[str(p.relative_to(folder))] = hashlib.sha256(data).hexdigest()
    return out


def release_tool(path: Path):
    """The release tool as a module, for the rewrite it applies to every file it ships."""
    loader = importlib.machinery.SourceFileLoader("scanlab_release", str(path))
    spec = importlib.util.spec_from_loader("scanlab_release", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main() -> int:
    tool = ROOT / "grader" / "release" / "scanlab-release"
    if importlib.util.find_spec("mkdocs") is None or not Path("/usr/share/javascript/mathjax/MathJax.js").exists():
        print("test_release_site: SKIPPED: needs mkdocs, mkdocs-material and libjs-mathjax")
        return SKIP
    if not tool.exists():
        print(f"test_release_site: SKIPPED: no {tool.relative_to(ROOT)}")
        return SKIP
    problems = []
    with tempfile.TemporaryDirectory(prefix="scanlab-release-docs-") as tmp:
        release = Path(tmp) / "student"
        r = subprocess.run([sys.executable, str(tool), "--source", str(ROOT), str(release)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"test_release_site: the release failed:\n{r.stdout}{r.stderr}")
            return 1
        for gone in ("bench", "docs/instructor"):
            if (release / gone).exists():
                problems.append(f"{gone} went into the release: this test assumes it does not")
        shipped = digest(release / "docs" / "generated")
        expected = digest(ROOT / "docs" / "generated", release_tool(tool).strip_instructor_blocks)
        if shipped != expected:
            differ = sorted(k for k in set(shipped) | set(expected) if shipped.get(k) != expected.get(k))
            problems.append("the release's docs/generated is not this tree's less its instructor-only "
                            "blocks: " + ", ".join(differ))
        build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", "site"],
                               cwd=release, capture_output=True, text=True)
        if build.returncode != 0:
            problems.append(f"mkdocs build --strict failed in the release:\n{build.stdout}{build.stderr}")
        after = digest(release / "docs" / "generated")
        changed = sorted(k for k in set(shipped) | set(after) if shipped.get(k) != after.get(k))
        if changed:
            problems.append("building the notes changed docs/generated in the release: " + ", ".join(changed))
        pending = sorted(str(p.relative_to(release / "site")) for p in (release / "site").rglob("*.html")
                         if "PENDING" in p.read_text(errors="replace"))
        if pending:
            problems.append("pages that say PENDING: " + ", ".join(pending))
    for p in problems:
        print(f"test_release_site: FAILED: {p}")
    if not problems:
        print(f"test_release_site: the release's notes build, with its {len(shipped)} generated files unchanged")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
