// Checks: block size derived on the host from prop.warpSize and prop.maxThreadsPerBlock, as course code does;
// result independent of the GPU.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void lane_sum(int *out)
{
    atomicAdd(&out[blockIdx.x], (int)(threadIdx.x % warpSize));
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    int threads = prop.warpSize * 4;
    if (threads > prop.maxThreadsPerBlock) threads = prop.maxThreadsPerBlock;
    int *d, h[3];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    lane_sum<<<3, threads>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("threads=%d sums=%d %d %d\n", threads, h[0], h[1], h[2]);
    return 0;
}
