// Thread 0 of each block counts its block in and then every thread waits for the whole grid, with
// no __syncthreads() between the block's stores and the count (PMPP's radix sort does this). On a
// GPU the block's warps store side by side, long before thread 0's atomic comes back; here thread
// 0's first wait lets the block's other threads run first, so that the last block's thread 0 does
// not read its neighbours' elements before they are stored. Every thread must see every element.
#include <cstdio>

__global__ void count_in_then_sum(int* data, int* arrived, int* seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = 1;
  if (threadIdx.x == 0) atomicAdd(arrived, 1);
  while (atomicAdd(arrived, 0) != gridDim.x) {
  }
  int sum = 0;
  for (int k = 0; k < gridDim.x * blockDim.x; ++k) sum += data[k];
  seen[i] = sum;
}

int main() {
  const int blocks = 4, threads = 64, n = blocks * threads;
  int *data, *arrived, *seen, h[n];
  cudaMalloc(&data, n * sizeof(int));
  cudaMalloc(&arrived, sizeof(int));
  cudaMalloc(&seen, n * sizeof(int));
  cudaMemset(arrived, 0, sizeof(int));
  count_in_then_sum<<<blocks, threads>>>(data, arrived, seen);
  cudaMemcpy(h, seen, sizeof h, cudaMemcpyDeviceToHost);
  int fewest = n;
  for (int i = 0; i < n; ++i) fewest = h[i] < fewest ? h[i] : fewest;
  std::printf("every thread saw at least %d of %d elements\n", fewest, n);
  return 0;
}
