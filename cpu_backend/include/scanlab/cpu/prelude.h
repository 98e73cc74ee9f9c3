// Included first by every file that scanlab-cu2cpp rewrote (and by cuda_runtime.h): the CUDA
// language as the host compiler sees it on the CPU backend. nvcc includes cuda_runtime.h and the
// C headers below implicitly, so student code may rely on them here too. (<math.h> is left out on
// purpose: in C++20 libstdc++'s <math.h> exports std::lerp globally, which a student's own `lerp`
// would collide with; math_api.h provides CUDA's global math names instead.)
#pragma once

// libstdc++'s special math functions are declared by special_math.h instead (see there): turned
// off before the first standard header, unless a file included <cmath> before the prelude.
#if __has_include(<bits/c++config.h>)
#include <bits/c++config.h>
#if !defined(_GLIBCXX_BITS_SPECFUN_H) && _GLIBCXX_USE_STD_SPEC_FUNCS
#undef _GLIBCXX_USE_STD_SPEC_FUNCS
#define SCANLAB_LAZY_SPECIAL_MATH 1
#endif
#endif

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <utility>

#include "scanlab/cpu/special_math.h"
#include "scanlab/cpu/types.h"
#include "scanlab/cpu/runtime_api.h"
#include "scanlab/cpu/thread_context.h"
#include "scanlab/cpu/device_api.h"
#include "scanlab/cpu/math_api.h"
#include "scanlab/cpu/launch.h"
#include "scanlab/cpu/bare_return.h"
#include "scanlab/cpu/texture_api.h"
#include "scanlab/cpu/checked_deref.h"
#include "scanlab/cpu/unsupported.h"
#include "scanlab/cpu/unsupported_features.h"

// Execution-space qualifiers mean nothing to the host compiler: every function can run anywhere.
// (__restrict__ and __noinline__ are left alone: GCC knows the first, and its headers use the second;
// the rewriter turns a __noinline__ written in a .cu into __attribute__((noinline)).)
#define __global__
#define __device__
#define __host__
// Where the rewriter found a function only a GPU runs (rewriter/device_arithmetic.h): GCC may fuse
// a * b + c into one fma there, as nvcc does in device code (its -fmad=true, the default). The
// driver asks for it (SCANLAB_DEVICE_FMAD: not with -fmad=false); clang has no such attribute, so
// under clang device code rounds every multiply and add apart (docs/fidelity.md).
#if defined(SCANLAB_DEVICE_FMAD) && defined(__GNUC__) && !defined(__clang__)
// (GCC contracts in a pass of -O2's expensive optimizations; nvcc optimizes device code whatever
// the host's -O, so -O1 builds ask for that pass too.)
#define SCANLAB_DEVICE_ARITHMETIC __attribute__((optimize("fp-contract=fast", "expensive-optimizations")))
#else
#define SCANLAB_DEVICE_ARITHMETIC
#endif
#define __constant__
// A __managed__ variable is an ordinary global here: host code and kernels share the CPU's memory.
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __align__(n) alignas(n)
#define __launch_bounds__(...)
#define __grid_constant__
// The rewriter turns every __shared__ declaration of a .cu/.cuh file into per-block storage; one
// that reaches the compiler came from a header it did not rewrite.
#define __shared__ static_assert(false, "scanlab CPU backend: __shared__ in a header the CPU backend did not rewrite; include it with quotes (\"kernels.h\") from the .cu, or pass its folder with -I");
// What nvcc and CUDA's headers define, so that code testing for them (error-check helpers such as
// `#ifdef __CUDA_RUNTIME_H__ ... checkCudaErrors`, `#ifdef __CUDACC__`) takes the path it takes
// under nvcc. __CUDA_ARCH__ stays undefined: the CPU backend compiles every function once, for
// the host, so `#ifdef __CUDA_ARCH__` code (device-only paths) is not taken.
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __HOST_DEFINES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
// Marks the build, for framework code only; lab code never needs it.
#define SCANLAB_CPU_BACKEND 1
