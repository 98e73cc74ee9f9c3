// scanlab CPU backend: <cuda_fp16.h>, IEEE half precision (__half, __half2), bit for bit as on a
// GPU (scanlab/cpu/small_floats.h says how).
#pragma once
#include "scanlab/cpu/small_float_api.h"

SCANLAB_SMALL_FLOAT(__half, __half_raw, binary16)
SCANLAB_SMALL_FLOAT_PAIR(__half2, __half, __half2_raw, __half_raw)
SCANLAB_SMALL_FLOAT_CONVERSIONS(__half, __half2, half, half2)
typedef __half half;
typedef __half2 half2;
