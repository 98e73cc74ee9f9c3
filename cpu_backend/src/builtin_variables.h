// The runtime's write access to CUDA's built-in variables (threadIdx, blockIdx, blockDim, gridDim)
// of the calling OS thread. Kernels see them through const declarations (thread_context.h).
#pragma once

#include "scanlab/cpu/vector_types.h"

namespace scanlab::cpu::detail {

struct builtin_variables {
  uint3* thread_idx;
  uint3* block_idx;
  dim3* block_dim;
  dim3* grid_dim;
};

// The addresses of this OS thread's variables; cheap enough to call per block, not per switch.
builtin_variables this_thread_builtins();

}  // namespace scanlab::cpu::detail
