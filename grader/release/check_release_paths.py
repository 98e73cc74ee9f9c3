#!/usr/bin/env python3
"""Every repository path a student release mentions must exist in it.

    check_release_paths.py RELEASE_DIR [--source ROOT] [--allow FILE]

Reads every text file of a release written by `scanlab release` (Markdown, code and its
comments, CMake, scripts, JSON, YAML: any file that is UTF-8 without a NUL byte) and prints
`file:line: path (why)` for each mention that does not resolve in the release. Exit status 1
when there is one, 0 when there is none, 2 for misuse.

What counts as a mention (explicit rules, to keep false positives out):

1. Markdown links and images, `[text](target)` and `![alt](target)`, in `.md` files and in the
   notes' snippet files (`docs/**/*.md.txt`). URLs (`scheme:`), page anchors (`#...`) and
   protocol-relative links are not paths; `#anchor` and `?query` tails are dropped. A target
   resolves relative to its file; a snippet's relative to every notes page that includes it
   (`--8<-- "..."`), since that is where it ends up.
2. Paths written out anywhere (inline code, prose, comments, strings) that start with one of the
   repository's top-level folders (ROOTS) and are not the tail of a longer path or expression: a
   mention right after `/`, `$`, `}`, `.`, `-`, `@`, `~` or a letter (`build/bin/...`,
   `${PROJECT_SOURCE_DIR}/tests`, `/usr/share/...`, `https://host/docs/...`) is not checked, since
   such a path is computed or lies outside the repository. These resolve from the release's root.
3. The notes' built site (`make docs`): `site/X.html` resolves when its page `docs/X.md` exists,
   and `site/` when `docs/index.md` does; other paths in `site/` are build outputs, not checked.
4. Placeholders and globs: a path component holding `*`, `?`, `[`, `<...>`, `{...}`, `labN`,
   `NAME` or an ellipsis stands for "any name"; such a path resolves when the glob matches
   something. `labs/<lab>/scan.cu` passes, `solutions/<lab>/scan.cu` does not.
5. mkdocs.yml names pages relative to the notes' folder: its paths resolve in docs/ as well.
6. With --source (the instructor tree the release was written from), a path relative to its
   file's folder counts too: `gradescope/README.md` in grader/README.md is dead when the source
   has grader/gradescope/README.md and the release does not. Only paths that exist in the source
   are judged, and none in a build tree (`build*/`), so words such as `and/or` and build outputs
   never are.
7. A line that opens or closes an instructor-only block: the release tool removes those blocks,
   so one left in a release is reported.

--allow FILE lists known dead mentions to tolerate for now, one `file path` pair a line (`#`
comments); they are printed as such, and an entry that no longer matches is reported as stale.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path, PurePosixPath

# The repository's top-level folders (and the notes' built site): a path that starts with one of
# them is a repository path.
ROOTS = ("bench", "cmake", "common", "cpu_backend", "datasets", "docs", "grader", "labs",
         "research", "solutions", "tests", "tools", ".ci", ".github", "site")
SKIP_ANYWHERE = {".git", "__pycache__"}
MAX_BYTES = 2 * 1024 * 1024

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SNIPPET = re.compile(r'^\s*--8<--\s+"([^"]+)"', re.M)
NOT_A_START = r"(?<![\w./$@}~\-])"
ROOTED = re.compile(NOT_A_START + r"((?:%s)/[\w.*?<>{}\[\]/+-]*)" % "|".join(re.escape(r) for r in ROOTS))
RELATIVE = re.compile(NOT_A_START + r"([A-Za-z_][\w.-]*/[\w.*<>/-]*)")
PLACEHOLDER = re.compile(r"[*?\[<>{}]|labN|NAME|\.\.\.|…")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
INSTRUCTOR_LINE = re.compile(r"^\s*(?:<!--|#|//)\s*/?instructor-only\b")


def text_files(release: Path):
    """Every text file of the release, whatever its name; not a build tree or the built site."""
    for path in sorted(release.rglob("*")):
        parts = path.relative_to(release).parts
        if any(p in SKIP_ANYWHERE for p in parts) or parts[0].startswith("build") or parts[0] == "site":
            continue
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_BYTES:
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            yield path, data.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            continue


def clean(token: str) -> str:
    """A mention without the punctuation that ends the sentence or the code span around it."""
    if "[" not in token:
        token = token.rstrip("]")
    token = token.rstrip("'\"`)")
    while token.endswith((".", ",", ":", ";")):
        token = token[:-1]
    return token


class Release:
    def __init__(self, root: Path, source: Path | None):
        self.root = root.resolve()
        self.source = source.resolve() if source else None
        self.includers = self._snippet_includers()

    def _snippet_includers(self):
        """docs/<snippet> -> the notes pages that include it."""
        out: dict[Path, list[Path]] = {}
        docs = self.root / "docs"
        for page in sorted(docs.rglob("*.md")) if docs.is_dir() else []:
            for name in SNIPPET.findall(page.read_text(encoding="utf-8", errors="replace")):
                out.setdefault((docs / name).resolve(), []).append(page)
        return out

    def exists(self, rel: str) -> bool:
        """Whether a root-relative path (placeholders allowed) names something in the release."""
        rel = rel.rstrip("/")
        parts = PurePosixPath(rel).parts
        if not parts:
            return True
        if ".." in parts:
            return False                                   # climbs out of the release
        if parts[0] == "site":                             # rule 3
            page = PurePosixPath(*parts[1:]) if len(parts) > 1 else PurePosixPath("index.html")
            return page.suffix != ".html" or self.exists(str("docs" / page.with_suffix(".md")))
        if PLACEHOLDER.search(rel):                        # rule 4
            pattern = "/".join("*" if PLACEHOLDER.search(p) else p for p in parts)
            return next(self.root.glob(pattern), None) is not None
        return (self.root / rel).exists()

    def link_problem(self, file: Path, target: str):
        if SCHEME.match(target) or target.startswith(("#", "//")):
            return None
        target = target.split("#", 1)[0].split("?", 1)[0]
        if not target:
            return None
        bases = self.includers.get(file.resolve(), [file]) if file.name.endswith(".md.txt") else [file]
        for base in bases:
            resolved = (base.resolve().parent / target).resolve()
            if resolved != self.root and self.root not in resolved.parents:
                return "a link out of the release"
            if not self.exists(resolved.relative_to(self.root).as_posix()):
                return "a link to a path the release does not have"
        return None

    def problems_in(self, path: Path, lines: list[str]):
        name = path.relative_to(self.root).as_posix()
        folder = PurePosixPath(name).parent
        markdown = path.suffix == ".md" or path.name.endswith(".md.txt")
        for number, line in enumerate(lines, 1):
            if INSTRUCTOR_LINE.match(line):                # rule 7
                yield name, number, line.strip(), "an instructor-only marker left in the release"
            links = []
            if markdown:                                   # rule 1
                for m in LINK.finditer(line):
                    links.append(m.span(1))
                    why = self.link_problem(path, m.group(1))
                    if why:
                        yield name, number, m.group(1), why
            for m in ROOTED.finditer(line):                # rules 2-5
                if any(a <= m.start(1) < b for a, b in links):
                    continue                               # a link target: judged by rule 1
                token = clean(m.group(1))
                if not self.exists(token) and not (name == "mkdocs.yml" and self.exists("docs/" + token)):
                    yield name, number, token, "not in the release"
            if self.source is None:
                continue
            for m in RELATIVE.finditer(line):              # rule 6
                token = clean(m.group(1))
                if token.split("/", 1)[0] in ROOTS or PLACEHOLDER.search(token):
                    continue
                here = (folder / token).as_posix()
                if here.split("/", 1)[0].startswith("build"):
                    continue                               # a build tree's output, not the source's
                if (self.source / here).exists() and not (self.root / here).exists():
                    yield name, number, token, f"{here} is not in the release"


def load_allowed(path: Path):
    allowed = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) == 2:
            allowed.add((fields[0], fields[1]))
        elif fields:
            raise ValueError(f"{path}: expected `file path`, got {line!r}")
    return allowed


def main(argv) -> int:
    ap = argparse.ArgumentParser(description="Report repository paths a student release mentions but lacks.")
    ap.add_argument("release", type=Path)
    ap.add_argument("--source", type=Path, help="the tree the release was written from (rule 6)")
    ap.add_argument("--allow", type=Path, help="known dead mentions to tolerate: `file path` per line")
    args = ap.parse_args(argv)
    if not args.release.is_dir():
        print(f"check_release_paths: {args.release} is not a folder", file=sys.stderr)
        return 2
    try:
        allowed = load_allowed(args.allow) if args.allow else set()
    except (OSError, ValueError) as error:
        print(f"check_release_paths: {error}", file=sys.stderr)
        return 2
    release = Release(args.release, args.source)
    files, dead, used = 0, 0, set()
    for path, lines in text_files(release.root):
        files += 1
        for name, number, mention, why in release.problems_in(path, lines):
            if (name, mention) in allowed:
                used.add((name, mention))
                print(f"{name}:{number}: {mention} ({why}; tolerated by {args.allow.name})")
            else:
                dead += 1
                print(f"{name}:{number}: {mention} ({why})")
    for name, mention in sorted(allowed - used):
        print(f"check_release_paths: stale entry in {args.allow}: {name} {mention} (no longer found: delete it)")
    if dead:
        print(f"check_release_paths: {dead} dead references in {files} text files of {args.release}",
              file=sys.stderr)
        return 1
    print(f"check_release_paths: every repository path in {files} text files of {args.release} exists"
          + (f" ({len(used)} known ones tolerated)" if used else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
