// Checks: 3D grid and 3D blocks; threadIdx.z/blockIdx.z/blockDim.z/gridDim.z and a linear thread id.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void linear_ids(int *out)
{
    int tid_in_block = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int block_id = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    int threads_per_block = blockDim.x * blockDim.y * blockDim.z;
    int g = block_id * threads_per_block + tid_in_block;
    out[g] = blockIdx.z * 100 + threadIdx.z * 10 + threadIdx.y;
}

int main()
{
    dim3 grid(2, 3, 2), block(4, 2, 3);
    int total = 2 * 3 * 2 * 4 * 2 * 3;
    int *d;
    cudaMalloc(&d, total * sizeof(int));
    cudaMemset(d, 0xff, total * sizeof(int));
    linear_ids<<<grid, block>>>(d);
    int h[288];
    cudaMemcpy(h, d, total * sizeof(int), cudaMemcpyDeviceToHost);
    long sum = 0;
    int neg = 0;
    for (int i = 0; i < total; ++i) { sum += h[i]; neg += h[i] < 0; }
    printf("total=%d sum=%ld untouched=%d\n", total, sum, neg);
    printf("h[0]=%d h[24]=%d h[287]=%d\n", h[0], h[24], h[287]);
    cudaFree(d);
    return 0;
}
