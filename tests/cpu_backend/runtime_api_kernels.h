// Host entry points of runtime_api_kernels.cu: runtime API features that need a kernel (memory a
// kernel touches, work ordered before a callback). Built for every backend, so the GPU run is the
// parity check of test_runtime_api.cpp.
#pragma once

#include <cstddef>
#include <vector>

#include <cuda_runtime.h>

namespace runtime_api {

// Adds `delta` to every element of a pitched 2-D array (width elements per row, rows of `pitch` bytes).
void add_to_pitched(float* array, std::size_t pitch, int width, int height, float delta);
// Multiplies n floats at `p` (device memory or mapped host memory) by `factor` in a kernel.
void scale(float* p, int n, float factor, cudaStream_t stream = nullptr);
// Stream-ordered: allocates n ints with cudaMallocAsync on `stream`, fills them with i*i in a
// kernel, copies them back asynchronously and frees them with cudaFreeAsync.
std::vector<int> squares_through_async_allocation(int n, cudaStream_t stream);
// The kernel itself, for function attributes and occupancy queries.
void* scale_kernel();

}  // namespace runtime_api
