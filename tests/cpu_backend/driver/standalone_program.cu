// A complete CUDA program with its own main, as a student would write one: scanlab-nvcc must
// build it for the CPU unchanged.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int partial[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}

int main() {
  const int n = 100;
  int host[n];
  for (int i = 0; i < n; ++i) host[i] = i;
  int *d_in, *d_out, result = 0;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, sizeof(int));
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof(int));
  block_sum<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  cudaMemcpy(&result, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("sum = %d (%s)\n", result, cudaGetErrorString(cudaGetLastError()));
  return result == 4950 ? 0 : 1;
}
