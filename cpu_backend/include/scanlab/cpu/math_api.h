// CUDA device math as device code sees it: the integer and float intrinsics (__popc, __clz,
// __float_as_int, __fadd_rz, __float2int_rd, ...) and the math library's overloads (min/max for
// every integer and floating pairing, rsqrtf, sinpif, erfinvf, ...), each declared with CUDA's
// exact signature (generated from the toolkit headers). The C names the host library declares
// (sqrtf, fmaxf, expf, ...) come from glibc's math.h through <cmath>; their C++ overloads are
// made global by using-declarations, name by name (generated/device_math.h), rather than by
// libstdc++'s <math.h>, which in C++20 also exports std::lerp and so rejects a student's own
// global lerp that nvcc (C++17 by default) accepts.
#pragma once

#include <cmath>

#include "scanlab/cpu/generated/device_intrinsics.h"
#include "scanlab/cpu/generated/device_math.h"
