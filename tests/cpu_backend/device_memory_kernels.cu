#include "device_memory_kernels.h"

namespace {

__global__ void indices_kernel(float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<float>(i);
}

__global__ void one_kernel(float* out, unsigned index, float value) {
  if (threadIdx.x == 0) out[index] = value;
}

__global__ void sum_kernel(const float* in, unsigned n, float* sum) {
  if (threadIdx.x != 0) return;
  float s = 0.0f;
  for (unsigned i = 0; i < n; ++i) s += in[i];
  *sum = s;
}

cudaError_t finish() {
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  return launch != cudaSuccess ? launch : sync;
}

}  // namespace

namespace devmem {

cudaError_t write_indices(float* device, unsigned n) {
  indices_kernel<<<(n + 255) / 256, 256>>>(device, n);
  return finish();
}

cudaError_t write_one(float* device, unsigned index, float value) {
  one_kernel<<<1, 32>>>(device, index, value);
  return finish();
}

cudaError_t sum_into(const float* device, unsigned n, float* sum) {
  sum_kernel<<<1, 32>>>(device, n, sum);
  return finish();
}

}  // namespace devmem
