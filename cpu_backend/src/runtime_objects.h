// The runtime's handle types, shared by the src/runtime_*.cpp files: what cudaStream_t, cudaEvent_t
// and cudaMemPool_t point to on the CPU backend.
#pragma once

#include <chrono>

#include "scanlab/cpu/runtime_types.h"

struct CUstream_st {
  unsigned flags = 0;
  int priority = 0;
};
struct CUevent_st {
  std::chrono::steady_clock::time_point when;
  bool recorded = false;
  unsigned flags = 0;
};
// The only memory pool: the device's default pool, which is plain device memory.
struct CUmemPoolHandle_st {
  unsigned long long release_threshold = 0;
};

namespace scanlab::cpu::detail {
CUmemPoolHandle_st* default_mem_pool();
// Prints, once per function, why a runtime function cannot run on the CPU backend, and returns
// (and records as the last error) cudaErrorNotSupported.
cudaError_t not_supported(const char* function, const char* why);
}  // namespace scanlab::cpu::detail
