#!/usr/bin/env python3
"""Generates the CPU backend's CUDA device API from the CUDA toolkit's own declarations.

    python3 cpu_backend/tools/gen_device_api.py [--cuda-include /usr/local/cuda/include] [--check]

Why: nvcc resolves `atomicAdd(&u, 1)`, `max(i, 1u)` or `__shfl_sync(m, x, 3)` against CUDA's real
overload sets, with their implicit conversions. Hand-written templates on the CPU backend deduce
differently (a `T atomicAdd(T*, T)` rejects the int literal), so the CPU backend declares exactly
CUDA's overloads instead: this script reads them from the toolkit headers and writes one inline
function per declaration, with the same parameter and return types, whose body calls a
hand-written implementation template (cpu_backend/include/scanlab/cpu/device_impl/*.h) chosen by
the family table below. The output is committed; the build never runs this script, so a machine
without the toolkit builds the same backend.

Every declaration of the families is classified: implemented here (generated), provided by the host
C/C++ library under the same name, written by hand (scheduling points that record the caller's
line), or rejected on purpose with a compile-time message naming the function.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cuda_decls import Decl, canonical_type, parse_headers, toolkit_version  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_DIR = os.path.join(REPO, "cpu_backend", "include", "scanlab", "cpu", "generated")
D = "::scanlab::cpu::detail::"

ATOMIC_HEADERS = ["device_atomic_functions.h", "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
                  "sm_60_atomic_functions.h", "crt/sm_70_rt.h"]
WARP_HEADERS = ["sm_30_intrinsics.h", "crt/sm_70_rt.h", "crt/sm_80_rt.h", "device_atomic_functions.h", "sm_20_intrinsics.h"]
INTRINSIC_HEADERS = ["crt/device_functions.h", "crt/device_double_functions.h", "sm_20_intrinsics.h",
                     "sm_32_intrinsics.h", "sm_61_intrinsics.h"]
MATH_HEADERS = ["crt/math_functions.h", "crt/math_functions.hpp"]


# ---- what each declaration becomes ---------------------------------------------------------------
@dataclasses.dataclass
class Impl:
    kind: str      # "generated", "host", "handwritten", "rejected"
    text: str      # generated: the body's return expression; otherwise: the reason
    extra_params: str = ""  # generated: parameters appended to CUDA's (the caller's file and line)


def gen(expr, extra=""):
    return Impl("generated", expr, extra)


def host(why="the host C/C++ math library declares it under the same name"):
    return Impl("host", why)


def handwritten(why):
    return Impl("handwritten", why)


def rejected(why):
    return Impl("rejected", why)


SITE = "const char* file = __builtin_FILE(), int line = __builtin_LINE()"
ROUNDING = {"rn": "to_nearest", "rz": "toward_zero", "ru": "upward", "rd": "downward"}


def args(decl: Decl) -> list[str]:
    return [param_name(decl, i) for i in range(len(decl.params))]


def param_name(decl: Decl, i: int) -> str:
    return decl.params[i].name or f"a{i}"


def call(helper: str, decl: Decl, extra: list[str] = ()) -> str:
    return f"{D}{helper}({', '.join(list(args(decl)) + list(extra))})"


# -- atomics: any type, any scope (one CPU executes every block, so scope changes nothing) --------
ATOMIC_HELPERS = {"atomicAdd": "atomic_fetch_add", "atomicSub": "atomic_fetch_sub",
                  "atomicExch": "atomic_exchange", "atomicMin": "atomic_fetch_min",
                  "atomicMax": "atomic_fetch_max", "atomicAnd": "atomic_fetch_and",
                  "atomicOr": "atomic_fetch_or", "atomicXor": "atomic_fetch_xor",
                  "atomicInc": "atomic_fetch_inc", "atomicDec": "atomic_fetch_dec",
                  "atomicCAS": "atomic_compare_and_swap"}


def atomic_impl(decl: Decl) -> Impl:
    base = re.sub(r"_(block|system)$", "", decl.name)
    return gen(call(ATOMIC_HELPERS[base], decl))


# -- warp collectives: scheduling points, so they take the caller's file and line ------------------
SHUFFLE_OPS = {"__shfl_sync": "shfl_idx", "__shfl_up_sync": "shfl_up", "__shfl_down_sync": "shfl_down",
               "__shfl_xor_sync": "shfl_xor"}


def warp_impl(decl: Decl) -> Impl:
    n = decl.name
    if n in SHUFFLE_OPS:
        return gen(f"{D}warp_shuffle({D}warp_op::{SHUFFLE_OPS[n]}, {', '.join(args(decl))}, file, line)", SITE)
    if n in ("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync"):
        return gen(call("warp_vote_" + n[2:-5], decl, ["file", "line"]), SITE)
    if n == "__syncwarp":
        return handwritten("device_api.h: a scheduling point that records the caller's line")
    if n == "__activemask":
        return gen(f"{D}active_lanes_mask(file, line)", SITE)
    if n in ("__match_any_sync", "__match_all_sync"):
        return gen(call("warp_" + n[2:-5], decl, ["file", "line"]), SITE)
    m = re.fullmatch(r"__reduce_(add|min|max|and|or|xor)_sync", n)
    if m:
        return gen(call(f"warp_reduce_{m.group(1)}", decl, ["file", "line"]), SITE)
    if n == "__fns":
        return gen(call("find_nth_set", decl))
    if n.startswith("__barrier_sync"):
        return rejected("Named barriers (bar.sync with an id and a thread count) are not emulated; "
                        "use __syncthreads().")
    return None


# -- cache-hinted loads and stores: plain accesses on a CPU ----------------------------------------
def memory_impl(decl: Decl) -> Impl | None:
    if re.fullmatch(r"__ld(g|cg|ca|cs|lu|cv)", decl.name):
        return gen(call("cache_hinted_load", decl))
    if re.fullmatch(r"__st(wb|cg|cs|wt)", decl.name):
        return gen(call("cache_hinted_store", decl))
    return None


# -- integer and floating-point intrinsics ----------------------------------------------------------
INTRINSIC_HELPERS = {
    "__brev": "bit_reverse", "__brevll": "bit_reverse", "__clz": "count_leading_zeros",
    "__clzll": "count_leading_zeros", "__ffs": "find_first_set", "__ffsll": "find_first_set",
    "__popc": "population_count", "__popcll": "population_count", "__byte_perm": "byte_permute",
    "__funnelshift_l": "funnel_shift_left_wrap", "__funnelshift_lc": "funnel_shift_left_clamp",
    "__funnelshift_r": "funnel_shift_right_wrap", "__funnelshift_rc": "funnel_shift_right_clamp",
    "__mul24": "multiply_low24", "__umul24": "multiply_low24", "__mulhi": "multiply_high",
    "__umulhi": "multiply_high", "__mul64hi": "multiply_high", "__umul64hi": "multiply_high",
    "__sad": "sum_of_absolute_difference", "__usad": "sum_of_absolute_difference",
    "__hadd": "halving_add", "__uhadd": "halving_add", "__rhadd": "rounding_halving_add",
    "__urhadd": "rounding_halving_add", "__dp4a": "dot_product_4x8", "__dp2a_lo": "dot_product_2x16_low",
    "__dp2a_hi": "dot_product_2x16_high", "__nv_bswap16": "byte_swap", "__nv_bswap32": "byte_swap",
    "__nv_bswap64": "byte_swap", "__double2hiint": "high_word", "__double2loint": "low_word",
    "__hiloint2double": "double_from_words", "__saturatef": "saturate", "__frsqrt_rn": "reciprocal_sqrt",
    "__expf": "fast_exp", "__exp10f": "fast_exp10", "__logf": "fast_log", "__log2f": "fast_log2",
    "__log10f": "fast_log10", "__sinf": "fast_sin", "__cosf": "fast_cos", "__tanf": "fast_tan",
    "__tanhf": "fast_tanh", "__powf": "fast_pow", "__sincosf": "fast_sincos", "__fdividef": "fast_divide",
    "fdividef": "fast_divide",
}
SIMD3_HELPERS = {"addmax": "add_then_max", "addmin": "add_then_min", "max3": "max_of_three",
                 "min3": "min_of_three", "max": "max_of_two", "min": "min_of_two", "bmax": "select_with_flags",
                 "bmin": "select_with_flags"}
RUNTIME_NAMES = {"__syncthreads", "__syncthreads_and", "__syncthreads_count", "__syncthreads_or",
                 "__threadfence", "__threadfence_block", "__threadfence_system", "clock64", "__nanosleep",
                 "__trap", "__syncwarp"}


def intrinsic_impl(decl: Decl) -> Impl | None:
    n = decl.name
    if n in RUNTIME_NAMES:
        return handwritten("device_api.h: scheduling points and fences written by hand")
    if n in INTRINSIC_HELPERS:
        return gen(call(INTRINSIC_HELPERS[n], decl))
    if re.fullmatch(r"__(float_as_u?int|u?int_as_float|double_as_longlong|longlong_as_double)", n):
        return gen(f"{D}bit_cast_to<{decl.ret}>({args(decl)[0]})")
    m = re.fullmatch(r"__(float|double|int|uint|ll|ull)2(float|double|int|uint|ll|ull)_(rn|rz|ru|rd)", n)
    if m:
        return gen(f"{D}convert_rounded<{decl.ret}, {D}rounding::{ROUNDING[m.group(3)]}>({args(decl)[0]})")
    m = re.fullmatch(r"__[fd](add|sub|mul|div)_(rn|rz|ru|rd)", n)
    if m:
        return gen(f"{D}rounded_{m.group(1)}<{D}rounding::{ROUNDING[m.group(2)]}>({', '.join(args(decl))})")
    m = re.fullmatch(r"__(?:fmaf|fma|fmaf_ieee)_(rn|rz|ru|rd)", n)
    if m:
        return gen(f"{D}rounded_fma<{D}rounding::{ROUNDING[m.group(1)]}>({', '.join(args(decl))})")
    m = re.fullmatch(r"__[fd]rcp_(rn|rz|ru|rd)", n)
    if m:
        return gen(f"{D}rounded_div<{D}rounding::{ROUNDING[m.group(1)]}>({decl.ret}(1), {args(decl)[0]})")
    m = re.fullmatch(r"__[fd]sqrt_(rn|rz|ru|rd)", n)
    if m:
        return gen(f"{D}rounded_sqrt<{D}rounding::{ROUNDING[m.group(1)]}>({args(decl)[0]})")
    if n == "__prof_trigger":
        return gen(f"{D}ignore_profiler_trigger({args(decl)[0]})")
    if n == "__brkpt":
        return rejected("Breakpoints are not emulated; run the CPU build under gdb and set one there.")
    if re.fullmatch(r"__pm[0-3]", n):
        return rejected("Performance-monitor counters do not exist on the CPU.")
    if re.fullmatch(r"__cvta_\w+|__is(Global|Shared|Local|Constant|GridConstant)", n):
        return rejected("Address spaces (global, shared, local, constant) are one flat memory on the CPU "
                        "backend, so generic-address tests and conversions cannot be answered.")
    m = re.fullmatch(r"__v(abs|absss|absdiff[su]|add|addss|addus|avg[su]|haddu|cmp(?:eq|ne|[gl][et][su])|"
                     r"max[su]|min[su]|neg|negss|sad[su]|set(?:eq|ne|[gl][et][su])|sub|subss|subus)([24])", n)
    if m:  # two 16-bit or four 8-bit lanes
        return gen(f"{D}simd::{m.group(1)}<{16 if m.group(2) == '2' else 8}>({', '.join(args(decl))})")
    m = re.fullmatch(r"__vi(addmax|addmin|max3|min3|max|min|bmax|bmin)_([su])(16x2|32)(_relu)?", n)
    if m:
        helper = SIMD3_HELPERS[m.group(1)]
        bits, signed, relu = (16 if m.group(3) == "16x2" else 32), m.group(2) == "s", m.group(4) is not None
        last = ("true" if m.group(1) == "bmax" else "false") if m.group(1).startswith("b") else str(relu).lower()
        return gen(f"{D}simd::{helper}<{bits}, {str(signed).lower()}, {last}>({', '.join(args(decl))})")
    return None


# -- math library as device code sees it -----------------------------------------------------------
# Names the host's <math.h>/<cmath> (glibc with _GNU_SOURCE, libstdc++) already puts in the global
# namespace with these overloads; declaring them again would clash with the C library.
HOST_MATH = set("""
abs labs llabs acos acosf acosh acoshf asin asinf asinh asinhf atan atan2 atan2f atanf atanh atanhf cbrt cbrtf
ceil ceilf copysign copysignf cos cosf cosh coshf erf erfc erfcf erff exp exp10 exp10f exp2 exp2f expf expm1
expm1f fabs fabsf fdim fdimf floor floorf fma fmaf fmax fmaxf fmin fminf fmod fmodf frexp frexpf hypot hypotf
ilogb ilogbf isfinite isinf isnan j0 j0f j1 j1f jn jnf ldexp ldexpf lgamma lgammaf llrint llrintf llround
llroundf log log10 log10f log1p log1pf log2 log2f logb logbf logf lrint lrintf lround lroundf modf modff nan
nanf nearbyint nearbyintf nextafter nextafterf pow powf remainder remainderf remquo remquof rint rintf round
roundf scalbln scalblnf scalbn scalbnf signbit sin sincos sincosf sinf sinh sinhf sqrt sqrtf tan tanf tanh
tanhf tgamma tgammaf trunc truncf y0 y0f y1 y1f yn ynf
""".split())
MATH_HELPERS = {
    "min": "smaller", "umin": "smaller", "llmin": "smaller", "ullmin": "smaller",
    "max": "larger", "umax": "larger", "llmax": "larger", "ullmax": "larger",
    "rsqrt": "reciprocal_sqrt", "rsqrtf": "reciprocal_sqrt", "rcbrt": "reciprocal_cbrt",
    "rcbrtf": "reciprocal_cbrt", "sinpi": "sin_pi", "sinpif": "sin_pi", "cospi": "cos_pi",
    "cospif": "cos_pi", "sincospi": "sincos_pi", "sincospif": "sincos_pi", "erfinv": "inverse_erf",
    "erfinvf": "inverse_erf", "erfcinv": "inverse_erfc", "erfcinvf": "inverse_erfc",
    "erfcx": "scaled_erfc", "erfcxf": "scaled_erfc", "normcdf": "normal_cdf", "normcdff": "normal_cdf",
    "normcdfinv": "inverse_normal_cdf", "normcdfinvf": "inverse_normal_cdf", "norm3d": "euclidean_norm",
    "norm3df": "euclidean_norm", "norm4d": "euclidean_norm", "norm4df": "euclidean_norm",
    "rnorm3d": "reciprocal_euclidean_norm", "rnorm3df": "reciprocal_euclidean_norm",
    "rnorm4d": "reciprocal_euclidean_norm", "rnorm4df": "reciprocal_euclidean_norm",
    "rhypot": "reciprocal_euclidean_norm", "rhypotf": "reciprocal_euclidean_norm",
    "norm": "euclidean_norm_of_array", "normf": "euclidean_norm_of_array",
    "rnorm": "reciprocal_euclidean_norm_of_array", "rnormf": "reciprocal_euclidean_norm_of_array",
    "cyl_bessel_i0": "bessel_i0", "cyl_bessel_i0f": "bessel_i0", "cyl_bessel_i1": "bessel_i1",
    "cyl_bessel_i1f": "bessel_i1",
}


# GNU extensions glibc declares for double only; CUDA adds float overloads, which call the double one.
GNU_DOUBLE_ONLY = {"sincos", "exp10", "j0", "j1", "jn", "y0", "y1", "yn"}


def math_impl(decl: Decl) -> Impl | None:
    if decl.name in GNU_DOUBLE_ONLY and any(canonical_type(p.type) == "float" for p in decl.params):
        if decl.name == "sincos":
            return gen(call("sincos_via_double", decl))
        values = [f"static_cast<double>({a})" if canonical_type(p.type) == "float" else a
                  for p, a in zip(decl.params, args(decl))]
        return gen(f"static_cast<{decl.ret}>(::{decl.name}({', '.join(values)}))")
    if decl.name == "pow" and [canonical_type(p.type) for p in decl.params] == ["float", "int"]:
        # <cmath>'s pow(float, int) is a template returning double; CUDA's returns float.
        a, b = args(decl)
        return gen(f"::powf({a}, static_cast<float>({b}))")
    if decl.name in HOST_MATH:
        return host()
    if decl.name in MATH_HELPERS:
        return gen(call(MATH_HELPERS[decl.name], decl))
    return None


# Names in these headers that are not part of the device API (compiler/CRT internals, Windows-only
# helpers, host launch plumbing); they are listed in the coverage table but get no declaration.
INTERNAL = re.compile(r"^(_[A-Z]\w*|_[a-z]+sign|_hypotf?|__nv_\w+_impl|__nv_associate_access_property|"
                      r"__nv_memcpy_async_shared_global_\d+|__cudaLaunchKernel_helper|__DOUBLE_BITS|"
                      r"__FLOAT_BITS|__finite[fl]?|__is(nan|inf|finite)[dfl]?|__signbit[dfl]?|fdivide|dadd|"
                      r"dmul|dsub|double2u?int|double2u?ll|float2double|u?int2double|u?ll2double|"
                      r"syncthreads_(and|or|count)|__nv_aligned_device_malloc)$")


@dataclasses.dataclass
class Family:
    name: str
    headers: list[str]
    pattern: str          # names of this family
    impl: object          # Decl -> Impl | None
    output: str           # generated header
    note: str = ""


FAMILIES = [
    Family("atomics", ATOMIC_HEADERS, r"atomic[A-Z]\w*", atomic_impl, "device_atomics.h"),
    Family("warp collectives", WARP_HEADERS,
           r"__(shfl(_up|_down|_xor)?_sync|ballot_sync|any_sync|all_sync|uni_sync|activemask|syncwarp|fns|"
           r"match_(any|all)_sync|reduce_\w+_sync|barrier_sync\w*|shfl(_up|_down|_xor)?|ballot|any|all)", warp_impl, "device_warp.h"),
    Family("cache-hinted loads/stores", ["sm_32_intrinsics.h"], r"__(ld(g|cg|ca|cs|lu|cv)|st(wb|cg|cs|wt))",
           memory_impl, "device_memory.h"),
    Family("integer and float intrinsics", INTRINSIC_HEADERS, r"(__\w+|fdividef|fdivide)", intrinsic_impl,
           "device_intrinsics.h"),
    Family("math library", MATH_HEADERS, r"[a-z_]\w*", math_impl, "device_math.h"),
]
# Mask-less warp functions: CUDA still declares them (deprecated); unsupported.h rejects them.
MASKLESS = {"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot", "__any", "__all"}


def classify(include_dir: str):
    """[(family, decl, impl)] for every declaration of every family, each name in one family."""
    claimed: set[str] = set()
    rows = []
    for family in FAMILIES:
        decls = parse_headers(include_dir, family.headers, lambda n, p=family.pattern: re.fullmatch(p, n))
        for decl in decls:
            if decl.name in claimed and not any(r[1].name == decl.name and r[0] is family for r in rows):
                continue  # an earlier family owns this name (e.g. __ldg in loads, not in intrinsics)
            if INTERNAL.match(decl.name):
                continue
            if decl.name in MASKLESS:
                impl = rejected("Removed in CUDA 9 (mask-less warp function); rejected in unsupported.h: use the _sync form.")
                impl.kind = "rejected-elsewhere"
            else:
                impl = family.impl(decl)
            if impl is None:
                impl = rejected("No CPU implementation yet.")
            rows.append((family, decl, impl))
        claimed |= {d.name for d in decls}
    return rows


# ---- emission ------------------------------------------------------------------------------------
def param_text(decl: Decl, i: int) -> str:
    p = decl.params[i]
    text = f"{p.type}{'' if p.type.endswith('*') else ' '}{param_name(decl, i)}"
    if p.default is not None:
        text += f" = {p.default}"
    return text


def emit_function(decl: Decl, impl: Impl) -> str:
    params = [param_text(decl, i) for i in range(len(decl.params))]
    if impl.extra_params:
        params.append(impl.extra_params)
    body = f"{impl.text};" if decl.ret == "void" else f"return {impl.text};"
    # A template with nothing to deduce: calls resolve and convert as for the plain function (the
    # parameters are not dependent), but its body is compiled only where it is called. As plain
    # inline functions, the 1,200 bodies made GCC instantiate the helper templates they call at the
    # end of every translation unit: 0.15 s of a 0.33 s build, precompiled prelude or not.
    # glibc's <math.h> declares a plain twin of every math function with two leading underscores
    # (__sinf, __expf, ...): CUDA's intrinsics of those names must stay plain functions, defining
    # glibc's declaration, or a call would pick the undefined plain declaration over the template.
    if decl.name.startswith("__") and decl.name[2:] in HOST_MATH | {"sincos", "sincosf"}:
        return f"inline {decl.ret} {decl.name}({', '.join(params)}) {{ {body} }}"
    return f"template <int = 0> inline {decl.ret} {decl.name}({', '.join(params)}) {{ {body} }}"


def host_math_usings(mine) -> list[str]:
    """CUDA's math names that C++ declares in std (sqrt, fmax, isnan, ...), made global by
    using-declarations: what libstdc++'s <math.h> wrapper does, minus what CUDA does not declare
    (std::lerp from C++20 would clash with a student's own global lerp, which nvcc's C++17 accepts).
    The float C names (sqrtf, ...) and GNU extensions are global already through glibc's math.h."""
    names = sorted({d.name for d, i in mine if i.kind == "host" and d.name not in GNU_DOUBLE_ONLY
                    and d.name not in ("labs", "llabs") and not (d.name.endswith("f") and d.name[:-1] in HOST_MATH)})
    out = ["#include <cmath>\n", "// The global names of CUDA's math library that C++ declares in std (see the generator)."]
    line = ""
    for name in names:
        piece = f"using std::{name}; "
        if len(line) + len(piece) > 110:
            out.append(line.rstrip())
            line = ""
        line += piece
    out.append(line.rstrip() + "\n")
    return out


def emit_rejection(name: str, why: str) -> str:
    return (f"template <class... A>\nint {name}(A&&...) {{\n"
            f"  static_assert({D}rejected_on_cpu<A...>, \"scanlab CPU backend: {name} is not supported. {why}\");\n"
            f"  return 0;\n}}")


def banner(version: str, include_dir: str, what: str) -> str:
    return (f"// GENERATED by cpu_backend/tools/gen_device_api.py from the CUDA {version} toolkit headers -- do not edit.\n"
            f"// Regenerate: python3 cpu_backend/tools/gen_device_api.py --cuda-include {include_dir}\n"
            f"// {what}\n")


def generate(include_dir: str) -> dict[str, str]:
    version = toolkit_version(include_dir)
    rows = classify(include_dir)
    files: dict[str, str] = {}
    for family in FAMILIES:
        mine = [(d, i) for f, d, i in rows if f is family]
        supported_names = {d.name for d, i in mine if i.kind in ("generated", "host", "handwritten")}
        lines = [banner(version, include_dir,
                        f"CUDA's {family.name}, one inline function per toolkit declaration (same parameter and\n"
                        f"// return types, so nvcc's overload resolution and conversions hold; a template with\n"
                        f"// nothing to deduce, so that only called bodies are compiled); bodies call the\n"
                        f"// hand-written templates of scanlab/cpu/device_impl/."),
                 "#pragma once\n", '#include "scanlab/cpu/device_impl/all.h"\n']
        if family.output == "device_math.h":
            lines += host_math_usings(mine)
        for decl, impl in mine:
            if impl.kind == "generated":
                lines.append(f"// {decl.file}:{decl.line}")
                lines.append(emit_function(decl, impl))
        rejected_names = []
        for decl, impl in mine:
            if impl.kind == "rejected" and decl.name not in supported_names and decl.name not in rejected_names:
                rejected_names.append(decl.name)
                lines.append(emit_rejection(decl.name, impl.text))
        files[family.output] = "\n".join(lines) + "\n"
    files["vector_types.h"], files["vector_functions.h"] = generate_vectors(include_dir, version)
    files["DEVICE_API_COVERAGE.md"] = coverage_table(rows, version)
    return files


def coverage_table(rows, version: str) -> str:
    out = [f"# CUDA device API on the CPU backend (generated from the CUDA {version} headers)\n",
           "Generated by `cpu_backend/tools/gen_device_api.py`; checked by the CPU backend's parity tests "
           "(CTest label `parity`: every supported declaration is called with exactly its parameter types).\n",
           "| family | declared | supported | rejected on purpose |",
           "|---|---|---|---|"]
    reasons: dict[str, dict[str, list[str]]] = {}
    for family in FAMILIES:
        mine = [(d, i) for f, d, i in rows if f is family]
        supported = sum(1 for d, i in mine if i.kind in ("generated", "host", "handwritten"))
        rejected_rows = [(d, i) for d, i in mine if i.kind.startswith("rejected")]
        out.append(f"| {family.name} | {len(mine)} | {supported} | {len(rejected_rows)} |")
        for d, i in rejected_rows:
            reasons.setdefault(family.name, {}).setdefault(i.text, [])
            if d.name not in reasons[family.name][i.text]:
                reasons[family.name][i.text].append(d.name)
    out.append("\nCounts are declarations (overloads), after merging those repeated in several #if branches.")
    out.append("Supported means generated here, provided by the host C/C++ library under the same name, or "
               "written by hand in device_api.h (barriers, __syncwarp, fences, clock64: scheduling points that "
               "record the caller's line).\n")
    out.append("## Rejected on purpose\n")
    for family, by_reason in reasons.items():
        for why, names in by_reason.items():
            shown = ", ".join(f"`{n}`" for n in names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
            out.append(f"- {family}: {shown}. {why}")
    return "\n".join(out) + "\n"


# ---- vector types ----------------------------------------------------------------------------------
def parse_vector_types(include_dir: str):
    """[(name, alignment expression or None, [(type, member)])]; later definitions (the non-Windows
    #else branches) replace earlier ones."""
    with open(os.path.join(include_dir, "vector_types.h"), encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    text = "\n".join(l for l in text.split("\n") if not l.strip().startswith("#"))
    found: dict[str, tuple] = {}
    definitions = []  # (position, name, alignment, members), replayed in text order
    for m in re.finditer(r"__cuda_builtin_vector_align8\(\s*(\w+)\s*,([^)]*)\)\s*;", text):
        definitions.append((m.start(), m.group(1), "8", _members(m.group(2))))
    for m in re.finditer(r"struct\s+((?:[^{};]|\([^)]*\))*?)\b(\w+)\s*\{([^{}]*)\}\s*;", text):
        quals, name, body = m.group(1), m.group(2), m.group(3)
        if name == "dim3" or "(" in body:
            continue
        align = re.search(r"(?:__align__|__builtin_align__)\((.*?)\)(?=\s|$)|aligned\((\d+)\)", quals)
        alignment = (align.group(1) or align.group(2)) if align else None
        definitions.append((m.start(), name, alignment, _members(body)))
    for _, name, alignment, members in sorted(definitions, key=lambda d: d[0]):
        found[name] = (alignment, members)
    return found


def _members(body: str):
    out = []
    for decl in body.split(";"):
        words = decl.replace(",", " , ").split()
        if not words:
            continue
        names = [w for w in decl.split(",")]
        first = names[0].split()
        base, out_names = " ".join(first[:-1]), [first[-1]] + [n.strip() for n in names[1:]]
        out += [(base, n) for n in out_names]
    return out


def generate_vectors(include_dir: str, version: str):
    types = parse_vector_types(include_dir)
    lines = [banner(version, include_dir, "CUDA's built-in vector types with CUDA's member types and alignment "
                    "(so float4 loads fault the same way).\n// dim3 keeps CUDA's constructors and its "
                    "conversions to and from uint3."),
             "#pragma once\n"]
    for name, (align, members) in types.items():
        align_text = f"alignas({align}) " if align else ""
        fields = " ".join(f"{t} {n};" for t, n in members)
        lines.append(f"struct {align_text}{name} {{ {fields} }};")
    lines.append("""
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};""")
    decls = parse_headers(include_dir, ["vector_functions.h"], lambda n: n.startswith("make_"))
    functions = [banner(version, include_dir, "CUDA's make_* functions, one per toolkit declaration."),
                 "#pragma once\n", '#include "scanlab/cpu/generated/vector_types.h"\n']
    for decl in decls:
        params = ", ".join(f"{p.type} {p.name}" for p in decl.params)
        values = ", ".join(p.name for p in decl.params)
        functions.append(f"constexpr {decl.ret} {decl.name}({params}) {{ return {decl.ret}{{{values}}}; }}")
    return "\n".join(lines) + "\n", "\n".join(functions) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuda-include", default="/usr/local/cuda/include")
    parser.add_argument("--out", default=OUT_DIR)
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed files differ")
    parser.add_argument("--list", action="store_true", help="print every declaration and what it became")
    opts = parser.parse_args()
    if opts.list:
        for family, decl, impl in classify(opts.cuda_include):
            print(f"{family.name:30} {impl.kind:12} {decl.signature()}  [{decl.file}:{decl.line}]")
        return 0
    files = generate(opts.cuda_include)
    stale = []
    os.makedirs(opts.out, exist_ok=True)
    for name, text in files.items():
        path = os.path.join(opts.out, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            stale.append(name)
            if not opts.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if opts.check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
