// Host entry points of device_memory_kernels.cu: kernels that write or only read device memory,
// for the tests of who last wrote it (test_device_memory.cpp).
#pragma once

#include <cuda_runtime.h>

namespace devmem {

// device[i] = i for i < n.
cudaError_t write_indices(float* device, unsigned n);
// One thread writes device[index] = value.
cudaError_t write_one(float* device, unsigned index, float value);
// *sum = the sum of device[0..n): reads `device`, writes only `sum`.
cudaError_t sum_into(const float* device, unsigned n, float* sum);

}  // namespace devmem
