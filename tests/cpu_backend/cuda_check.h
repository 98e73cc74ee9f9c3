// CUDA_CHECK(call): aborts with the file, line, call and CUDA's error text when a runtime call
// fails. Shared by the kernel files of these tests (built by nvcc for the GPU and by the CPU
// backend): a failed setup call must stop the test, not let it check garbage.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                                    \
  do {                                                                                                      \
    cudaError_t e_ = (call);                                                                                \
    if (e_ != cudaSuccess) {                                                                                \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));   \
      std::abort();                                                                                         \
    }                                                                                                       \
  } while (0)
