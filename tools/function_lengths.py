#!/usr/bin/env python3
"""Lists the C++ functions longer than a limit, lambdas counted with the function around them.

  tools/function_lengths.py [--max LINES] FILE...

A function is a brace block opened after a parameter list (free functions, member functions
defined in a class, constructors) outside any other function; its length is the lines from the
line of its `{` to the line of its `}`. Prints "LINES FILE:LINE NAME" per function over --max
(default 80), longest first, and exits 1 when there is one. Without --max it prints every
function's length (a survey) and exits 0."""
import argparse
import re
import sys

CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else|try)\s*$")
QUALIFIERS = re.compile(r"\)\s*(const|noexcept|override|final|mutable|&|&&|\s)*(->\s*[\w:<>,\s*&]+)?$")


def code_only(text):
    """The text with comments, string and character literals blanked (line breaks kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    text = code_only(open(path, encoding="utf-8").read())
    found = []
    depth = 0
    function_depth = None  # depth of the open function's body
    start = 0
    head_start = 0  # where the text before the current brace begins
    name = ""
    line = 1
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        elif c in ";":
            head_start = i + 1
        elif c == "{":
            head = text[head_start:i].strip()
            if function_depth is None and head.endswith(")") or (function_depth is None and QUALIFIERS.search(head)):
                opening = head[: head.rfind("(")] if "(" in head else head
                words = opening.split()
                if ("(" in head and not CONTROL.search(opening) and "=" not in opening.split("(")[0]
                        and not re.match(r"^(namespace|struct|class|enum|union)\b", head)):
                    function_depth = depth + 1
                    start = line
                    name = " ".join(head.split())[:80]
            depth += 1
            head_start = i + 1
        elif c == "}":
            if function_depth is not None and depth == function_depth:
                found.append((line - start + 1, start, name))
                function_depth = None
            depth -= 1
            head_start = i + 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max", type=int)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    rows = []
    for path in args.files:
        rows += [(length, path, start, name) for length, start, name in functions(path)]
    rows.sort(key=lambda r: -r[0])
    limit = args.max if args.max is not None else 0
    over = [r for r in rows if r[0] > limit]
    for length, path, start, name in over:
        print(f"{length:5d} {path}:{start} {name}")
    if args.max is not None:
        print(f"{len(over)} of {len(rows)} functions over {args.max} lines", file=sys.stderr)
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
