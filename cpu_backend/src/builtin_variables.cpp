// Definitions of CUDA's built-in variables. This file must not include thread_context.h: there
// they are declared const for device code, here they are defined writable for the scheduler
// (which writes them through the names in builtin_variables.h).
#include "scanlab/cpu/vector_types.h"

thread_local constinit uint3 threadIdx{0, 0, 0};
thread_local constinit uint3 blockIdx{0, 0, 0};
thread_local constinit dim3 blockDim{1, 1, 1};
thread_local constinit dim3 gridDim{1, 1, 1};
