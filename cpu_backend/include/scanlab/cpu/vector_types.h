// CUDA's built-in vector types (dim3, uint3, float4, ... all of vector_types.h, with CUDA's
// alignment) and their make_* functions, generated from the toolkit's declarations.
#pragma once

#include "scanlab/cpu/generated/vector_types.h"
#include "scanlab/cpu/generated/vector_functions.h"
