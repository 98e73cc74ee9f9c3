// What device code reads about "itself": CUDA's built-in variables, and the runtime's record of the
// CUDA thread running right now on this OS thread.
#pragma once

#include "scanlab/cpu/vector_types.h"

namespace scanlab::cpu::detail {

struct cuda_thread;  // one fiber = one CUDA thread; defined by the scheduler

struct execution_context {
  cuda_thread* thread = nullptr;  // the CUDA thread whose fiber is running
  unsigned linear_thread = 0;     // threadIdx flattened x-fastest, as CUDA numbers lanes
  // The `return` statement of the kernel's own body that the running thread is leaving by
  // (note_kernel_return); null when it runs off the kernel's end. Read once, when it exits.
  const char* return_file = nullptr;
  int return_line = 0;
};

// constinit: no dynamic initialisation, so device code reads it without a TLS wrapper call. A
// student's file built as C++17 declares them without it (constinit is C++20; the definitions in
// the runtime, built as C++20, carry it, and it is the definition that counts).
#if __cplusplus >= 202002L
#define SCANLAB_CONSTINIT constinit
#else
#define SCANLAB_CONSTINIT
#endif
extern thread_local SCANLAB_CONSTINIT execution_context tls;

}  // namespace scanlab::cpu::detail

// CUDA's built-in variables are real variables (device_launch_parameters.h declares them so), not
// macros: host code may declare a local `dim3 blockDim(256);`, which shadows them as in CUDA.
// The scheduler rewrites them on every fiber switch (src/builtin_variables.cpp defines them
// writable); code sees them const, as in CUDA, so `threadIdx.x = 0` does not compile. Within one
// CUDA thread's run of a kernel their values never change, which is what const promises.
extern thread_local SCANLAB_CONSTINIT const uint3 threadIdx;
extern thread_local SCANLAB_CONSTINIT const uint3 blockIdx;
extern thread_local SCANLAB_CONSTINIT const dim3 blockDim;
extern thread_local SCANLAB_CONSTINIT const dim3 gridDim;
constexpr int warpSize = 32;
