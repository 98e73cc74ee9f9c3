"""Reads function declarations out of the CUDA toolkit's headers, without a preprocessor.

The toolkit declares its device API as one declaration per line or statement, behind macros such
as __DEVICE_FUNCTIONS_DECL__ or __SM_30_INTRINSICS_DECL__. We only need, for each function name
we care about, its return type and its parameter list, so a small scanner is enough: comments and
preprocessor lines are dropped, the text is cut into statements, and a statement that contains
`name(` for a wanted name is split into (qualifiers and return type, name, parameters).
Declarations that appear in several #if branches are merged by their canonical parameter types.

Shared by gen_device_api.py (which emits the CPU backend's headers) and by the signature-parity
test (which calls every declaration with exactly its parameter types).
"""
from __future__ import annotations

import dataclasses
import os
import re

# Words that qualify a declaration without being part of its type.
_QUALIFIER = re.compile(
    r"\b(?:extern|static|inline|__inline__|__forceinline__|__cdecl|__CUDA_MATH_CRTIMP|_CRTIMP|"
    r"__host__|__device__|__device_builtin__|__cudart_builtin__|__THROW|"
    r"__[A-Z0-9_]+_DECL__|__DEF_IF_HOST|_NV_[A-Z_]+|NV_MATH_[A-Z_]+|__CRTDECL|constexpr|__NV_SILENCE_[A-Z_]*)\b|"
    r"\b__DEPRECATED__\s*\([^()]*(?:\([^()]*\)[^()]*)*\)|"
    r"\b__attribute__\s*\(\([^()]*(?:\([^()]*\)[^()]*)*\)\)|\b__declspec\s*\([^()]*\)|"
    r"\b__CUDA_[A-Z_]*DEPRECATED[A-Z_]*(?:\s*\([^()]*\))?"
)
_TYPE_WORD = re.compile(r"^(?:const|volatile|unsigned|signed|long|short|int|char|float|double|void|bool|"
                        r"[A-Za-z_]\w*)$")
_BUILTIN_WORDS = {"const", "volatile", "unsigned", "signed", "long", "short", "int", "char", "float", "double",
                  "void", "bool", "size_t"}


@dataclasses.dataclass(frozen=True)
class Param:
    type: str           # as written, normalised spacing: "const unsigned int *"
    name: str           # "" when the declaration names none
    default: str | None  # default argument text, if any


@dataclasses.dataclass(frozen=True)
class Decl:
    name: str
    ret: str
    params: tuple[Param, ...]
    file: str  # relative to the include directory
    line: int

    def key(self) -> tuple:
        return (self.name,) + tuple(canonical_type(p.type) for p in self.params)

    def signature(self) -> str:
        return f"{self.ret} {self.name}({', '.join(p.type for p in self.params)})"


def canonical_type(text: str) -> str:
    """One spelling per type: 'unsigned' -> 'unsigned int', 'long long int' -> 'long long',
    top-level const dropped (it does not change the function's type)."""
    text = text.replace("*", " * ").replace("&", " & ")
    parts = text.split()
    # Split into declarator levels: [base words] then '*' groups with their cv words.
    levels: list[list[str]] = [[]]
    for word in parts:
        if word in ("*", "&"):
            levels.append([word])
        else:
            levels[-1].append(word)
    base = levels[0]
    cv = sorted(w for w in base if w in ("const", "volatile"))
    words = [w for w in base if w not in ("const", "volatile")]
    if words and all(w in ("unsigned", "signed", "long", "short", "int", "char") for w in words):
        sign = "unsigned " if "unsigned" in words else ("signed " if "signed" in words and "char" in words else "")
        longs = words.count("long")
        if "char" in words:
            core = "char"
        elif "short" in words:
            core = "short"
        elif longs == 2:
            core = "long long"
        elif longs == 1:
            core = "long"
        else:
            core = "int"
        words = [(sign + core).strip()]
    out = " ".join(cv + words)
    pointer_levels = levels[1:]
    if not pointer_levels:
        return " ".join(words)  # top-level cv is not part of a value parameter's type
    for level in pointer_levels:
        out += " " + " ".join(level)
    return out.strip()


def _strip_comments_and_directives(text: str) -> list[tuple[int, str]]:
    """Returns (line number, code) pairs with comments and preprocessor lines blanked."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    lines = text.split("\n")
    out = []
    continuing = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if continuing or stripped.startswith("#"):
            continuing = stripped.endswith("\\")
            out.append((number, ""))
            continue
        out.append((number, line))
    return out


def _statements(lines: list[tuple[int, str]]):
    """Yields (first line, text) of each piece between ';', '{', '}' and __DEF_IF_HOST."""
    buffer, start = [], None
    for number, line in lines:
        for piece in re.split(r"(;|\{|\}|__DEF_IF_HOST)", line):
            if piece in (";", "{", "}", "__DEF_IF_HOST"):
                if buffer:
                    yield start, " ".join(buffer)
                buffer, start = [], None
            elif piece.strip():
                if start is None:
                    start = number
                buffer.append(piece.strip())
    if buffer:
        yield start, " ".join(buffer)


def _split_params(text: str) -> list[str]:
    depth, current, out = 0, [], []
    for ch in text:
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(current))
            current = []
        else:
            current.append(ch)
    if "".join(current).strip():
        out.append("".join(current))
    return out


def _parse_param(text: str) -> Param | None:
    default = None
    if "=" in text:
        text, default = text.split("=", 1)
        default = default.strip()
    text = re.sub(r"\b__restrict__\b|\b__restrict\b", "", text)
    text = text.replace("*", " * ").replace("&", " & ")
    words = text.split()
    if not words or words == ["void"]:
        return None
    name = ""
    if len(words) > 1 and words[-1] not in _BUILTIN_WORDS and words[-1] not in ("*", "&") and \
            re.fullmatch(r"[A-Za-z_]\w*", words[-1]):
        # The last word names the parameter unless it is the type itself ("float2").
        type_words = words[:-1]
        if any(w not in ("const", "volatile") for w in type_words):
            name = words[-1]
            words = type_words
    type_text = " ".join(words).replace(" * ", " *").replace(" *", " *")
    type_text = re.sub(r"\s*\*\s*", " *", type_text).strip()
    type_text = re.sub(r"\*\s+\*", "**", type_text)
    return Param(type_text, name, default)


def parse_header(include_dir: str, relative: str, wanted) -> list[Decl]:
    """Declarations in one header of the functions whose names satisfy `wanted(name)`."""
    path = os.path.join(include_dir, relative)
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = _strip_comments_and_directives(f.read())
    found = []
    for line, statement in _statements(lines):
        match = re.search(r"([A-Za-z_]\w*)\s*\(", statement)
        # The function name is the first identifier followed by '(' that is not a qualifier macro.
        while match and (_QUALIFIER.fullmatch(match.group(1)) or match.group(1) in ("__DEPRECATED__",
                                                                                   "__attribute__",
                                                                                   "__declspec")):
            # skip over the macro's argument list
            depth, i = 0, match.end() - 1
            while i < len(statement):
                if statement[i] == "(":
                    depth += 1
                elif statement[i] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            match = re.compile(r"([A-Za-z_]\w*)\s*\(").search(statement, i + 1)
        if not match or not wanted(match.group(1)):
            continue
        name = match.group(1)
        prefix = _QUALIFIER.sub(" ", statement[:match.start()])
        prefix = re.sub(r"\s+", " ", prefix).strip()
        if not prefix or not all(_TYPE_WORD.match(w) or w == "*" for w in prefix.replace("*", " * ").split()):
            continue  # a call or an expression, not a declaration
        if re.search(r"\b(return|if|while|for|else|typedef|using|operator|template)\b", prefix):
            continue
        depth, i = 0, match.end() - 1
        while i < len(statement):
            if statement[i] == "(":
                depth += 1
            elif statement[i] == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        rest = statement[i + 1:]
        if re.search(r"[=?:]|\breturn\b", _QUALIFIER.sub("", rest)):
            continue
        params = [_parse_param(p) for p in _split_params(statement[match.end():i])]
        ret = re.sub(r"\s*\*\s*", " *", prefix).strip()
        found.append(Decl(name, ret, tuple(p for p in params if p is not None), relative, line))
    return found


def parse_headers(include_dir: str, headers, wanted) -> list[Decl]:
    """All distinct declarations (first seen wins) of the wanted names in `headers`."""
    seen, out = set(), []
    for header in headers:
        if not os.path.exists(os.path.join(include_dir, header)):
            continue
        for decl in parse_header(include_dir, header, wanted):
            if decl.key() not in seen:
                seen.add(decl.key())
                out.append(decl)
    return out


def toolkit_version(include_dir: str) -> str:
    path = os.path.join(include_dir, "cuda.h")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            match = re.search(r"#define\s+CUDA_VERSION\s+(\d+)", f.read())
        if match:
            v = int(match.group(1))
            return f"{v // 1000}.{(v % 1000) // 10}"
    except OSError:
        pass
    return "unknown"
