// Kernels behind test_runtime_api.cpp. Built unchanged with nvcc and with the CPU backend.
#include "runtime_api_kernels.h"
#include "cuda_check.h"

#include <cstdio>
#include <cstdlib>

namespace runtime_api {

namespace {

__global__ void add_rows(float* array, std::size_t pitch, int width, int height, float delta) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) reinterpret_cast<float*>(reinterpret_cast<char*>(array) + y * pitch)[x] += delta;
}

__global__ void scale_elements(float* p, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= factor;
}

__global__ void write_squares(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

}  // namespace

void add_to_pitched(float* array, std::size_t pitch, int width, int height, float delta) {
  dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8);
  add_rows<<<grid, block>>>(array, pitch, width, height, delta);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

void scale(float* p, int n, float factor, cudaStream_t stream) {
  scale_elements<<<(n + 255) / 256, 256, 0, stream>>>(p, n, factor);
  CUDA_CHECK(cudaGetLastError());
}

std::vector<int> squares_through_async_allocation(int n, cudaStream_t stream) {
  int* d = nullptr;
  CUDA_CHECK(cudaMallocAsync(&d, n * sizeof(int), stream));
  write_squares<<<(n + 127) / 128, 128, 0, stream>>>(d, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> out(n);
  CUDA_CHECK(cudaMemcpyAsync(out.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaFreeAsync(d, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return out;
}

void* scale_kernel() { return reinterpret_cast<void*>(&scale_elements); }

}  // namespace runtime_api
