// Checks: the full <<<grid, block, sharedBytes, stream>>> form with a created stream and 0 shared bytes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void iota(int *v, int base) { v[blockIdx.x * blockDim.x + threadIdx.x] = base + blockIdx.x * blockDim.x + threadIdx.x; }

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);
    int *d, h[64];
    cudaMalloc(&d, sizeof h);
    iota<<<2, 32, 0, s>>>(d, 1000);
    iota<<<dim3(1), dim3(32), 0, s>>>(d, 5);
    cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    printf("%d %d %d %d\n", h[0], h[31], h[32], h[63]);
    cudaStreamDestroy(s);
    cudaFree(d);
    return 0;
}
