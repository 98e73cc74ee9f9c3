// Definitions of CUDA's built-in variables. This file must not include thread_context.h: there
// they are declared const for device code, here they are defined writable for the scheduler.
#include "builtin_variables.h"

thread_local constinit uint3 threadIdx{0, 0, 0};
thread_local constinit uint3 blockIdx{0, 0, 0};
thread_local constinit dim3 blockDim{1, 1, 1};
thread_local constinit dim3 gridDim{1, 1, 1};

namespace scanlab::cpu::detail {

builtin_variables this_thread_builtins() { return {&threadIdx, &blockIdx, &blockDim, &gridDim}; }

}  // namespace scanlab::cpu::detail
