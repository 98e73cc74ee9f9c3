// Checks: __launch_bounds__ on a kernel and a launch within the bound.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256, 2) bounded(int *v)
{
    v[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x + threadIdx.x;
}

int main()
{
    int *d;
    cudaMalloc(&d, 512 * sizeof(int));
    bounded<<<2, 256>>>(d);
    int h[512];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int v : h) s += v;
    printf("sum=%ld err=%s\n", s, cudaGetErrorName(cudaGetLastError()));
    return 0;
}
