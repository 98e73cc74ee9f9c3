// Checks: threadIdx/blockIdx/blockDim/gridDim read inside __device__ helper functions called from kernels.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ int total_threads() { return blockDim.x * gridDim.x; }
__device__ __forceinline__ bool is_block_leader() { return threadIdx.x == 0 && threadIdx.y == 0; }

__global__ void ids(int *out, int *leaders)
{
    int g = global_id();
    out[g] = g * 1000 + total_threads();
    if (is_block_leader()) atomicAdd(leaders, 1);
}

int main()
{
    int *d, *l, h[96], hl = 0;
    cudaMalloc(&d, sizeof h); cudaMalloc(&l, sizeof(int));
    cudaMemcpy(l, &hl, sizeof hl, cudaMemcpyHostToDevice);
    ids<<<3, 32>>>(d, l);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hl, l, sizeof hl, cudaMemcpyDeviceToHost);
    printf("%d %d %d leaders=%d\n", h[0], h[40], h[95], hl);
    return 0;
}
