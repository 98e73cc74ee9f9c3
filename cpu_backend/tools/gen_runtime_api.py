#!/usr/bin/env python3
"""Generates the CPU backend's CUDA runtime API surface from the CUDA toolkit's own declarations.

The toolkit's headers are the specification: every enum (same enumerators, same values), every
#define constant, every struct (fields in the toolkit's order), every handle typedef and every
runtime function (the toolkit's exact parameter types and default arguments) is read from them and
written, without CUDA's qualifier macros, to cpu_backend/include/scanlab/cpu/generated/runtime_*.
The output is committed: the build never runs this script, so a machine without the toolkit builds
the same backend.

Usage:  python3 cpu_backend/tools/gen_runtime_api.py [--cuda-include DIR] [--cudart-lib DIR] [--out DIR]

Outputs:
  runtime_types.h         enums, constants, structs and typedefs (library, driver, surface, texture types)
  runtime_functions.h     a declaration of every runtime function the backend provides (implemented
                          or answered at run time with cudaErrorNotSupported)
  runtime_function_list.inc  the same functions as SCANLAB_RUNTIME_FUNCTION(name, return, (params)),
                          each behind #if !SCANLAB_RUNTIME_IMPLEMENTED(name): the stubs' source
  runtime_errors.inc      SCANLAB_RUNTIME_ERROR(name, value, "message") for every cudaError_t: the
                          messages are the ones the toolkit's libcudart returns (it answers
                          cudaGetErrorString without a GPU, so this script asks it)
  runtime_rejected.h      a compile-time rejection for every runtime function of a family that
                          unsupported.h declares out of scope
  runtime_driver_api.inc  SCANLAB_DRIVER_API_FUNCTION(name) for every driver API function (cuda.h)

Which functions are out of scope is decided in one place, cpu_backend/include/scanlab/cpu/unsupported.h
(SCANLAB_UNSUPPORTED names and SCANLAB_UNSUPPORTED_FAMILY prefixes); this script reads it.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BACKEND = os.path.dirname(HERE)
DEFAULT_OUT = os.path.join(BACKEND, "include", "scanlab", "cpu", "generated")
UNSUPPORTED_H = os.path.join(BACKEND, "include", "scanlab", "cpu", "unsupported.h")

# Runtime functions that scanlab declares by hand (scanlab/cpu/runtime_api.h or launch.h) because
# their C++ form differs from the toolkit's C declaration; the generator must not declare them again.
HAND_DECLARED = {
    "cudaMalloc": "runtime_api.h: records the allocating file and line in defaulted parameters",
    "cudaLaunchKernel": "launch.h: runs a kernel through the CPU scheduler (the lead's)",
    "cudaLaunchCooperativeKernel": "launch.h: cudaLaunchKernel with every block resident together (grid.sync())",
}

# Of those, the ones programs write in their own declarations: defined empty.
USER_VISIBLE_EMPTY_MACROS = ["CUDART_CB", "CUDARTAPI"]

# The view of the headers that a host compilation by nvcc has on Linux.
PREDEFINED = {
    "__cplusplus": 202002,
    "__GNUC__": 12,
    "__linux__": 1,
    "__CUDACC__": 1,
    "CUDART_VERSION": 13000,
    "__CUDART_API_VERSION": 13000,
}

# CUDA's qualifier and calling-convention macros: meaningless to the host compiler, dropped.
DROPPED_MACROS = [
    "__device_builtin__", "__host__", "__cudart_builtin__", "CUDARTAPI", "CUDART_CB",
    "__CUDA_DEPRECATED", "CUDART_DEVICE", "EXCLUDE_FROM_RTC", "__device__", "CUDAAPI",
]


# --------------------------------------------------------------------------- preprocessing

def strip_comments(text: str) -> str:
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def evaluate_condition(expr: str, defines: dict) -> bool:
    expr = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
                  lambda m: " 1 " if (m.group(1) or m.group(2)) in defines else " 0 ", expr)

    def ident(m):
        v = defines.get(m.group(0), 0)
        return str(v) if isinstance(v, int) else "0"

    expr = re.sub(r"\b[A-Za-z_]\w*\b", ident, expr)
    expr = re.sub(r"(\d+)[uUlL]+\b", r"\1", expr)
    expr = expr.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    return bool(eval(expr, {"__builtins__": {}}))  # the expression holds only numbers and operators now


def preprocess(text: str, defines: dict):
    """Keeps the lines a Linux C++ host compilation sees; returns (code, [(name, value)] defines)."""
    text = strip_comments(text).replace("\\\n", " ")
    code, macros = [], []
    stack = []  # (this branch active, some branch taken, parent active)
    active = True
    for line in text.split("\n"):
        s = line.strip()
        m = re.match(r"#\s*(\w+)\s*(.*)", s)
        if not m:
            if active:
                code.append(line)
            continue
        directive, rest = m.group(1), m.group(2).strip()
        if directive in ("if", "ifdef", "ifndef"):
            if directive == "ifdef":
                cond = rest in defines
            elif directive == "ifndef":
                cond = rest not in defines
            else:
                cond = evaluate_condition(rest, defines)
            stack.append((active, active and cond))
            active = active and cond
        elif directive == "elif":
            parent, taken = stack[-1]
            cond = parent and not taken and evaluate_condition(rest, defines)
            stack[-1] = (parent, taken or cond)
            active = cond
        elif directive == "else":
            parent, taken = stack[-1]
            active = parent and not taken
            stack[-1] = (parent, True)
        elif directive == "endif":
            active = stack.pop()[0]
        elif directive == "define" and active:
            dm = re.match(r"(\w+)(\(?)\s*(.*)", rest)
            name, function_like, value = dm.group(1), dm.group(2), dm.group(3).strip()
            if not function_like:
                defines.setdefault(name, int(value, 0) if re.fullmatch(r"\d+|0x[0-9a-fA-F]+", value) else value)
                macros.append((name, value))
        elif directive == "undef" and active:
            defines.pop(rest, None)
    return "\n".join(code), macros


def clean(statement: str) -> str:
    s = re.sub(r"__dv\s*\(([^()]*)\)", r"= \1", statement)
    for macro in DROPPED_MACROS:
        s = re.sub(r"\b%s\b" % re.escape(macro), " ", s)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"\s*([(\[,])\s*", lambda m: m.group(1) + (" " if m.group(1) == "," else ""), s)
    s = re.sub(r"\s*\)", ")", s)
    return s


def statements(code: str):
    """Top-level declarations, each without its final semicolon (extern "C" blocks unwrapped)."""
    code = re.sub(r'extern\s*"C"\s*\{', " ", code)
    out, depth, start = [], 0, 0
    for i, c in enumerate(code):
        if c in "{(":
            depth += 1
        elif c in "})":
            if depth == 0:  # the brace closing an unwrapped extern "C" block
                code = code[:i] + " " + code[i + 1:]
                continue
            depth -= 1
        elif c == ";" and depth == 0:
            text = code[start:i].strip()
            if text:
                out.append(text)
            start = i + 1
    return out


def split_top_level(params: str):
    out, depth, cur = [], 0, []
    for c in params:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


# --------------------------------------------------------------------------- reading the toolkit

class Function:
    def __init__(self, ret, name, params):
        self.ret, self.name, self.params = ret, name, params  # params keep their default arguments

    deprecated = False  # the toolkit marks it __CUDA_DEPRECATED: calls warn as under nvcc

    def declaration(self):
        return "%s%s %s(%s);" % ("[[deprecated]] " if self.deprecated else "", self.ret, self.name, ", ".join(self.params))

    def parameters_without_defaults(self):
        return ", ".join(re.sub(r"\s*=.*$", "", p) for p in self.params)


def parse_function(statement: str):
    s = clean(statement)
    m = re.match(r"^extern (.*?)\b(cuda\w+)\((.*)\)$", s, re.S)
    if not m:
        return None
    params = split_top_level(m.group(3))
    if params == ["void"]:
        params = []
    fn = Function(m.group(1).strip(), m.group(2), params)
    fn.deprecated = "__CUDA_DEPRECATED" in statement
    return fn


def read(path, defines):
    with open(path, encoding="utf-8") as f:
        return preprocess(f.read(), defines)


def public_constant(name):
    return re.match(r"(cuda|CUDA|CU_)", name) and not name.startswith("__") and name not in {
        "CUDART_CB", "CUDART_DEVICE", "CU_UUID_HAS_BEEN_DEFINED", "CUDART_TYPES", "CUDA_EMULATION_STRATEGY_PERFORMANT"}


def read_unsupported():
    """Names and families that unsupported.h keeps out of scope: {name: why}, [(prefix, feature)]."""
    with open(UNSUPPORTED_H, encoding="utf-8") as f:
        text = strip_comments(f.read())
    names = {m.group(1): m.group(2) for m in re.finditer(r"^SCANLAB_UNSUPPORTED(?:_RUNTIME)?\((\w+),\s*(.*)\)\s*$", text, re.M)}
    families = [(m.group(1), m.group(2)) for m in
                re.finditer(r"^SCANLAB_UNSUPPORTED_FAMILY\((\w+),\s*(\"[^\"]*\")\)\s*$", text, re.M)]
    return names, families


def error_messages(codes, cuda_include, cudart_lib):
    """Asks the toolkit's libcudart for cudaGetErrorName/cudaGetErrorString of every code."""
    cxx = shutil.which(os.environ.get("CXX", "g++")) or shutil.which("c++")
    lib = os.path.join(cudart_lib, "libcudart_static.a")
    if not cxx or not os.path.exists(lib):
        sys.exit("gen_runtime_api.py: need a C++ compiler and %s to read CUDA's error messages" % lib)
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "messages.cpp")
        with open(src, "w") as f:
            f.write("#include <cuda_runtime_api.h>\n#include <cstdio>\nint main() {\n")
            for _, value in codes:
                f.write('  std::printf("%%d\\x1f%%s\\x1f%%s\\n", %d, cudaGetErrorName((cudaError_t)%d), '
                        'cudaGetErrorString((cudaError_t)%d));\n' % (value, value, value))
            f.write("}\n")
        exe = os.path.join(work, "messages")
        subprocess.run([cxx, src, "-I", cuda_include, lib, "-ldl", "-lpthread", "-lrt", "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    result = {}
    for line in out.splitlines():
        value, name, message = line.split("\x1f")
        result[int(value)] = (name, message)
    return result


def enum_values(statement):
    """(name, value) of every enumerator of an enum statement, values evaluated."""
    body = statement[statement.index("{") + 1:statement.rindex("}")]
    out, nxt, known = [], 0, {}
    for item in split_top_level(body):
        if "=" in item:
            name, expr = (x.strip() for x in item.split("=", 1))
            expr = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: str(known.get(m.group(0), m.group(0))), expr)
            value = int(eval(re.sub(r"(\d+)[uUlL]+\b", r"\1", expr), {"__builtins__": {}}))
        else:
            name, value = item.strip(), nxt
        known[name] = value
        out.append((name, value))
        nxt = value + 1
    return out


# --------------------------------------------------------------------------- writing

def coverage_table(version, functions, rejected, unsupported, inc):
    """Markdown: what happens to each toolkit runtime function and C++ overload on the CPU backend."""
    with open(os.path.join(BACKEND, "src", "runtime_implemented.h"), encoding="utf-8") as f:
        implemented = set(re.findall(r"#define SCANLAB_IMPLEMENTED_(\w+)", f.read()))
    hand_text = ""
    for header in ("runtime_api.h", "launch.h"):
        with open(os.path.join(BACKEND, "include", "scanlab", "cpu", header), encoding="utf-8") as f:
            hand_text += strip_comments(f.read())
    rows = []
    for fn in functions:
        status = "implemented" if fn.name in implemented else "cudaErrorNotSupported at run time, with a message"
        rows.append((fn.name, status))
    for name, feature in rejected:
        rows.append((name, "compile error: %s" % feature.strip('"')))
    for name in HAND_DECLARED:
        rows.append((name, "implemented, declared by hand (%s)" % HAND_DECLARED[name]))
    for name, why in unsupported.items():
        if name.startswith("cuda"):
            rows.append((name, "compile error (unsupported.h)"))
    with open(os.path.join(inc, "cuda_runtime.h"), encoding="utf-8") as f:
        runtime_h = strip_comments(f.read())
    overloads = sorted(set(re.findall(r"__host__\s+(?:CUDART_DEVICE\s+)?\w+\s+(?:CUDARTAPI\s+)?(cuda\w+)\s*\(", runtime_h)))
    rejected_names = {n for n, _ in rejected} | set(unsupported)
    overload_rows = []
    for name in overloads:
        if name in rejected_names:
            status = "compile error (out of scope)"
        elif re.search(r"\b%s\s*\(" % name, hand_text):
            status = "provided (scanlab/cpu/runtime_api.h or launch.h)"
        else:
            status = "MISSING"
        overload_rows.append((name, status))
    counts = {}
    for _, status in rows:
        key = status.split(":")[0].split(",")[0].split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
    lines = ["<!-- GENERATED by python3 cpu_backend/tools/gen_runtime_api.py: do not edit. -->",
             "# CUDA %s runtime API on the CPU backend" % version, "",
             "Every function the toolkit's cuda_runtime_api.h and cuda_profiler_api.h declare, and what the CPU "
             "backend does with it. Out-of-scope families are decided in `include/scanlab/cpu/unsupported.h`; "
             "what is implemented is listed in `src/runtime_implemented.h`.", "",
             "Totals: " + ", ".join("%s %d" % (k, v) for k, v in sorted(counts.items())) + ".", "",
             "| function | on the CPU backend |", "|---|---|"]
    lines += ["| `%s` | %s |" % row for row in sorted(rows)]
    lines += ["", "## C++ overloads of cuda_runtime.h", "", "| function | on the CPU backend |", "|---|---|"]
    lines += ["| `%s` | %s |" % row for row in overload_rows]
    return "\n".join(lines) + "\n"


def banner(version, what):
    cmd = "python3 cpu_backend/tools/gen_runtime_api.py"
    return ("// GENERATED by %s from the CUDA %s toolkit headers: do not edit.\n"
            "// %s\n" % (cmd, version, what))


def format_statement(s):
    """One declaration, laid out one member per line for enums, structs and unions."""
    s = clean(s)
    if "{" not in s:
        return s + ";"
    head, body_tail = s.split("{", 1)
    body, tail = body_tail.rsplit("}", 1)
    if head.strip().startswith(("enum", "typedef enum")):
        members = [m for m in split_top_level(body)]
        lines = ["  %s," % m for m in members]
    else:
        lines = []
        for member in statements(body):
            lines.append("  " + format_statement(member))
    return "%s{\n%s\n}%s;" % (head.rstrip() + " ", "\n".join(lines), tail.rstrip())


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--cudart-lib", default=None, help="folder of libcudart_static.a (default: ../lib64 of the include folder)")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    inc = args.cuda_include
    cudart_lib = args.cudart_lib or os.path.join(os.path.dirname(os.path.abspath(inc)), "lib64")
    defines = dict(PREDEFINED)

    # Types, in the order the toolkit's headers are included.
    type_lines, constant_lines, seen_constants = [], [], set()
    error_enum = None
    for header in ("library_types.h", "driver_types.h", "surface_types.h", "texture_types.h"):
        code, macros = read(os.path.join(inc, header), defines)
        type_lines.append("\n// ---- %s\n" % header)
        for name, value in macros:
            if public_constant(name) and name not in seen_constants:
                seen_constants.add(name)
                constant_lines.append("#define %s %s" % (name, value))
        for st in statements(code):
            type_lines.append(format_statement(st))
            if re.match(r"enum\s+cudaError\b", clean(st)):
                error_enum = clean(st)
    with open(os.path.join(inc, "cuda_runtime_api.h"), encoding="utf-8") as f:
        version_text = f.read()
    version = re.search(r"#define CUDART_VERSION\s+(\d+)", version_text).group(1)
    version = "%d.%d" % (int(version) // 1000, int(version) % 1000 // 10)

    # Functions (and the few typedefs the runtime API header itself declares).
    code, macros = read(os.path.join(inc, "cuda_runtime_api.h"), defines)
    profiler_code, _ = read(os.path.join(inc, "cuda_profiler_api.h"), defines)
    code += "\n" + profiler_code
    for name, value in macros:
        if public_constant(name) and name not in seen_constants:
            seen_constants.add(name)
            constant_lines.append("#define %s %s" % (name, value))
    unsupported, families = read_unsupported()
    functions, rejected, api_types = [], [], []
    for st in statements(code):
        if not clean(st).startswith("extern"):
            api_types.append(format_statement(st))
            continue
        fn = parse_function(st)
        if fn is None:
            continue
        family = next((feature for prefix, feature in families if fn.name.startswith(prefix)), None)
        if fn.name in HAND_DECLARED or fn.name in unsupported:
            continue
        if family:
            rejected.append((fn.name, family))
            continue
        functions.append(fn)

    out = args.out
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "runtime_types.h"),
          banner(version, "CUDA's runtime types: enums with the toolkit's enumerators and values, #define constants,\n"
                 "// structs with the toolkit's fields in its order, and handle typedefs.") +
          "#pragma once\n\n#include <cstddef>\n\n#include \"scanlab/cpu/vector_types.h\"\n\n"
          "// ---- calling-convention macros that programs write themselves (void CUDART_CB callback(...))\n" +
          "".join("#ifndef %s\n#define %s\n#endif\n" % (m, m) for m in USER_VISIBLE_EMPTY_MACROS) + "\n" +
          "// ---- constants (#define, as in the toolkit, so #if and #ifdef see them)\n" +
          "\n".join(constant_lines) + "\n" + "\n".join(type_lines) + "\n")

    decls = "\n".join(fn.declaration() for fn in functions)
    write(os.path.join(out, "runtime_functions.h"),
          banner(version, "Every CUDA runtime API function the CPU backend provides, with the toolkit's parameter types\n"
                 "// and default arguments. Those it cannot honour answer cudaErrorNotSupported at run time\n"
                 "// (src/runtime_unsupported.cpp); out-of-scope families are compile errors (runtime_rejected.h).") +
          "#pragma once\n\n#include \"scanlab/cpu/generated/runtime_types.h\"\n\n"
          "// ---- types declared by cuda_runtime_api.h itself\n" + "\n".join(api_types) + "\n\n" +
          "// ---- functions\n" + decls + "\n")

    entries = []
    for fn in functions:
        entries.append("#if !SCANLAB_RUNTIME_IMPLEMENTED(%s)\nSCANLAB_RUNTIME_FUNCTION(%s, %s, (%s))\n#endif"
                       % (fn.name, fn.name, fn.ret, fn.parameters_without_defaults()))
    write(os.path.join(out, "runtime_function_list.inc"),
          banner(version, "SCANLAB_RUNTIME_FUNCTION(name, return type, (parameters)) for every function of\n"
                 "// runtime_functions.h; a file that includes this defines the macro and SCANLAB_RUNTIME_IMPLEMENTED(name)\n"
                 "// (0 for a function to list).") + "\n".join(entries) + "\n")

    codes = enum_values(error_enum)
    messages = error_messages(codes, inc, cudart_lib)
    rows = []
    for name, value in codes:
        cudart_name, message = messages[value]
        if cudart_name != name:  # an alias value: libcudart names the first code with it
            message = messages[value][1]
        rows.append('SCANLAB_RUNTIME_ERROR(%s, %d, "%s")' % (name, value, message.replace("\\", "\\\\").replace('"', '\\"')))
    write(os.path.join(out, "runtime_errors.inc"),
          banner(version, "SCANLAB_RUNTIME_ERROR(name, value, message) for every cudaError_t code, with the message the\n"
                 "// toolkit's libcudart returns from cudaGetErrorString.") + "\n".join(rows) + "\n")

    write(os.path.join(out, "runtime_rejected.h"),
          banner(version, "Runtime functions of the families unsupported.h keeps out of scope: each is a compile error\n"
                 "// naming the feature. Included by unsupported.h, which defines the macro.") +
          "\n".join("SCANLAB_UNSUPPORTED_RUNTIME(%s, %s)" % (name, feature) for name, feature in rejected) + "\n")

    with open(os.path.join(inc, "cuda.h"), encoding="utf-8") as f:
        driver_text = strip_comments(f.read())
    driver_names = sorted(set(re.findall(r"\bCUDAAPI\s+(cu[A-Z]\w*)\s*\(", driver_text)) |
                          set(re.findall(r"#\s*define\s+(cu[A-Z]\w*)\s+cu[A-Z]\w*", driver_text)))
    driver_names = [n for n in driver_names if not re.search(r"_v\d+$|_pt[sd]z?$|_ptds$|_ptsz$", n)]
    write(os.path.join(out, "runtime_driver_api.inc"),
          banner(version, "SCANLAB_DRIVER_API_FUNCTION(name) for every CUDA driver API function (cuda.h).") +
          "\n".join("SCANLAB_DRIVER_API_FUNCTION(%s)" % n for n in driver_names) + "\n")

    write(os.path.join(out, "runtime_api_coverage.md"),
          coverage_table(version, functions, rejected, unsupported, inc))

    print("gen_runtime_api.py: CUDA %s: %d functions declared, %d rejected at compile time, %d hand-declared or "
          "named in unsupported.h, %d error codes, %d driver API names" %
          (version, len(functions), len(rejected), len(HAND_DECLARED) + len(unsupported), len(codes), len(driver_names)))


if __name__ == "__main__":
    main()
