// scanlab CPU backend: <cuda_bf16.h>, bfloat16 (__nv_bfloat16, __nv_bfloat162), bit for bit as on
// a GPU (scanlab/cpu/small_floats.h says how). Like CUDA's, it includes <cuda_fp16.h>.
#pragma once
#include "cuda_fp16.h"

SCANLAB_SMALL_FLOAT(__nv_bfloat16, __nv_bfloat16_raw, bfloat16)
SCANLAB_SMALL_FLOAT_PAIR(__nv_bfloat162, __nv_bfloat16, __nv_bfloat162_raw, __nv_bfloat16_raw)
SCANLAB_SMALL_FLOAT_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
