// CUDA device math as device code sees it: the integer and float intrinsics (__popc, __clz,
// __float_as_int, __fadd_rz, __float2int_rd, ...) and the math library's overloads (min/max for
// every integer and floating pairing, rsqrtf, sinpif, erfinvf, ...), each declared with CUDA's
// exact signature (generated from the toolkit headers). Functions the host C library already
// declares under CUDA's name (sqrtf, fmaxf, expf, ...) come from <math.h> in the global namespace,
// as in CUDA.
#pragma once

#include <math.h>

#include <cmath>

#include "scanlab/cpu/generated/device_intrinsics.h"
#include "scanlab/cpu/generated/device_math.h"
