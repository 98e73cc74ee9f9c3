// The runtime's write access to CUDA's built-in variables (threadIdx, blockIdx, blockDim, gridDim)
// of the calling OS thread. Kernels see them through const declarations (thread_context.h); these
// writable names are the same thread-local objects (same assembler symbol), written directly on
// every fiber switch, as cheaply as any thread-local store.
#pragma once

#include "scanlab/cpu/vector_types.h"

namespace scanlab::cpu::detail {

extern thread_local constinit uint3 writable_thread_idx __asm__("threadIdx");
extern thread_local constinit uint3 writable_block_idx __asm__("blockIdx");
extern thread_local constinit dim3 writable_block_dim __asm__("blockDim");
extern thread_local constinit dim3 writable_grid_dim __asm__("gridDim");

}  // namespace scanlab::cpu::detail
