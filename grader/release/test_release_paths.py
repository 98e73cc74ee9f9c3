#!/usr/bin/env python3
"""CTest (label `release`): a student release mentions no path it leaves out.

    test_release_paths.py RELEASE_TOOL SOURCE_DIR WORK_DIR

1. Writes a release of SOURCE_DIR with RELEASE_TOOL and runs check_release_paths.py on it (with
   the source, and known_dead_paths.txt): every Markdown link and every repository path in every
   text file must resolve in the release; the failures are printed as file:line.
2. Shows that the checker can fail, and where it must not: on a small hand-made release it must
   report exactly the dead mentions planted there, and none of the look-alikes (URLs, build-tree
   paths, computed paths, placeholders that match, site pages whose source exists).
3. Shows the release tool's two rewrites on a small fake source: README.student.md goes out as
   README.md, instructor-only blocks are removed, and a block left open stops the release
   naming file:line.
"""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKER = HERE / "check_release_paths.py"
failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def write(root: Path, files: dict):
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def run(*args):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True)


def the_real_release(tool, source, work):
    release = work / "student"
    r = run(tool, "--source", source, "--quiet", release)
    if r.returncode != 0:
        fail(f"the release tool exited with {r.returncode}:\n{r.stdout}{r.stderr}")
        return
    r = run(CHECKER, release, "--source", source, "--allow", HERE / "known_dead_paths.txt")
    print(r.stdout + r.stderr, end="")
    if r.returncode != 0:
        fail("the student release mentions paths it does not have (file:line above)")


def the_checker_fails_where_it_must(work):
    source, release = work / "fake-source", work / "fake-release"
    shipped = {
        "labs/lab1-x/README.md": "handout\n",
        "labs/lab1-x/scan.cu": "// stub\n",
        "docs/labs/lab1-x.md": "page\n",
        "docs/index.md": '--8<-- "generated/table.md.txt"\n',
        "docs/plots/a.svg": "<svg/>\n",
        "docs/generated/table.md.txt": "![ok](plots/a.svg)\n![gone](plots/missing.svg)\n",
        "grader/src/command/main.cpp": "int main() {}\n",
        "README.md": "\n".join([
            "[handout](labs/lab1-x/README.md) and [a solution](solutions/lab1-x/scan.cu)",  # 1: dead link
            "see `bench/NOTES.md` for the numbers",                                        # 2: dead
            "build/bin/scanlab, https://example.org/tests/x and ${ROOT}/tests/y",          # 3: not repository paths
            "`labs/<lab>/scan.cu` is yours; `solutions/<lab>/scan.cu` is not",             # 4: dead glob
            "open site/labs/lab1-x.html, not site/labs/lab9-y.html",                       # 5: dead page
            "[up](../outside.md)",                                                         # 6: leaves the tree
            "",
        ]),
        "grader/README.md": "`src/command/main.cpp`, and/or `gradescope/README.md`\n",              # 1: dead (rule 6)
        "CMakeLists.txt": "# instructor-only\n",                                            # 1: a leftover marker
        "mkdocs.yml": "nav:\n  - Lab 1: labs/lab1-x.md\n",                                  # ok: docs/-relative
    }
    write(release, shipped)
    write(source, {**shipped, "grader/gradescope/README.md": "instructor\n"})
    expected = {"README.md:1", "README.md:2", "README.md:4", "README.md:5", "README.md:6",
                "grader/README.md:1", "CMakeLists.txt:1", "docs/generated/table.md.txt:2"}
    r = run(CHECKER, release, "--source", source)
    reported = {":".join(line.split(":")[:2]) for line in r.stdout.splitlines() if line and not line.startswith("check_")}
    print(r.stdout, end="")
    if r.returncode != 1:
        fail(f"the checker exited with {r.returncode} on a tree with dead mentions (expected 1)")
    if reported != expected:
        fail(f"the checker reported {sorted(reported)}, expected {sorted(expected)}")


def the_release_tool_rewrites(tool, work):
    source, release = work / "rewrite-source", work / "rewrite-release"
    exclude = (Path(sys.argv[2]) / "grader" / "release" / "exclude.txt").read_text()
    write(source, {
        "labs/labs.json": '[{"id": 1, "name": "lab1-x"}]\n',
        "labs/lab1-x/scan.cu": "// stub\n",
        "grader/release/exclude.txt": exclude,
        "README.md": "instructor README\n",
        "README.student.md": "student README\n",
        "docs/page.md": "public\n\n<!-- instructor-only -->\n\nsecret `bench/x`\n\n<!-- /instructor-only -->\n\nend\n",
        "Makefile": "all:\n# instructor-only\nbench:\n\tbench/run\n# /instructor-only\n",
    })
    r = run(tool, "--source", source, "--quiet", release)
    if r.returncode != 0:
        fail(f"the rewrite release failed ({r.returncode}):\n{r.stdout}{r.stderr}")
        return
    if (release / "README.md").read_text() != "student README\n":
        fail("README.student.md did not go out as README.md")
    if (release / "README.student.md").exists():
        fail("README.student.md went out under its own name too")
    if (release / "docs/page.md").read_text() != "public\n\n\nend\n":
        fail(f"docs/page.md kept its instructor-only block: {(release / 'docs/page.md').read_text()!r}")
    if (release / "Makefile").read_text() != "all:\n":
        fail(f"the Makefile kept its instructor-only block: {(release / 'Makefile').read_text()!r}")
    write(source, {"docs/page.md": "public\n<!-- instructor-only -->\nsecret\n"})
    r = run(tool, "--source", source, "--quiet", "--force", release)
    if r.returncode != 2 or "docs/page.md:2" not in r.stderr:
        fail(f"an unclosed block did not stop the release naming docs/page.md:2 "
             f"(exit {r.returncode}): {r.stderr.strip()}")


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool, source, work = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    subprocess.run(["rm", "-rf", str(work)], check=True)
    work.mkdir(parents=True)
    the_real_release(tool, source, work)
    the_checker_fails_where_it_must(work)
    the_release_tool_rewrites(tool, work)
    if failures:
        print(f"FAILED: {len(failures)} of the checks above")
        return 1
    print("PASS: the release mentions only paths it has; the checker finds planted dead paths and "
          "nothing else; README.student.md and instructor-only blocks are rewritten as documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
