// What the probe programs (research/lookback/probe/*.cu) share: the look-back variants compiled with the probe
// (SCANLAB_LOOKBACK_PROBE, probe/ticket_probe.h), an error check for main(), and the input.
// Include it first: the probe switch must be set before the variants are.
#pragma once

#define SCANLAB_LOOKBACK_PROBE 1
#include <cstdio>

#include <cuda_runtime.h>

#include "lookback_variant_list.cuh"  // the variants by the names the benchmark lists (v_...)

namespace lb = scanlab_lookback;

// In a function returning int: report a failed CUDA call and return 1.
#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t e = (call);                                                                  \
    if (e != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));        \
      return 1;                                                                              \
    }                                                                                        \
  } while (0)

// Integers in -8..7 from a hash of the index (exact in float at any n a probe uses).
__global__ void fill(float* x, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    x[i] = static_cast<float>(static_cast<int>((i * 2654435761u) >> 28) - 8);
}
