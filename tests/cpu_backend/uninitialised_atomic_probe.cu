// Blocks add their sums into a total the host never cleared (PMPP's coarsened reduction does):
// the first atomic reads memory nothing has written since cudaMalloc, and is reported once, at its
// line. The same kernel after a cudaMemset is not.
#include <cstdio>

__global__ void block_sums(const int* in, int* total) {
  __shared__ int partial;
  if (threadIdx.x == 0) partial = 0;
  __syncthreads();
  atomicAdd(&partial, in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, partial);
  // (line 13: no atomic here)
}

int main() {
  const int n = 4096;
  int h[n], *in, *total, result = 0;
  for (int i = 0; i < n; ++i) h[i] = 1;
  cudaMalloc(&in, sizeof h); cudaMalloc(&total, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  block_sums<<<n / 256, 256>>>(in, total);  // total never set
  cudaMemcpy(&result, total, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("not cleared: total=%d\n", result);
  cudaMemset(total, 0, sizeof(int));
  block_sums<<<n / 256, 256>>>(in, total);
  cudaMemcpy(&result, total, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("cleared: total=%d\n", result);
  return 0;
}
