// Small helpers of the benchmark's device code (defined in gpu_data.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace scanlab::bench {

unsigned grid_for(std::uint64_t n);          // blocks of 256 for a grid-stride loop over n elements
void must(cudaError_t e, const char* what);  // throws std::runtime_error naming `what` on an error

}  // namespace scanlab::bench
