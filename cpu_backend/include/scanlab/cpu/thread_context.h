// What device code reads about "itself": the index variables of the CUDA thread that is running
// right now on this OS thread. The scheduler updates these on every fiber switch, so they are
// plain thread_local PODs (constant-initialised, hence no TLS wrapper calls on access).
#pragma once

#include "scanlab/cpu/types.h"

namespace scanlab::cpu::detail {

struct cuda_thread;  // one fiber = one CUDA thread; defined by the scheduler

struct execution_context {
  cuda_thread* thread = nullptr;  // the CUDA thread whose fiber is running
  uint3 thread_idx{0, 0, 0};
  uint3 block_idx{0, 0, 0};
  dim3 block_dim{1, 1, 1};
  dim3 grid_dim{1, 1, 1};
  unsigned linear_thread = 0;  // threadIdx flattened x-fastest, as CUDA numbers lanes
};

// constinit: no dynamic initialisation, so device code reads it without a TLS wrapper call.
extern thread_local constinit execution_context tls;

}  // namespace scanlab::cpu::detail

// Read-only views, like CUDA's built-in variables. Macros because CUDA's are keywords-like
// names in the global namespace that device code can use anywhere.
#define threadIdx (static_cast<const uint3&>(::scanlab::cpu::detail::tls.thread_idx))
#define blockIdx (static_cast<const uint3&>(::scanlab::cpu::detail::tls.block_idx))
#define blockDim (static_cast<const dim3&>(::scanlab::cpu::detail::tls.block_dim))
#define gridDim (static_cast<const dim3&>(::scanlab::cpu::detail::tls.grid_dim))
constexpr int warpSize = 32;
