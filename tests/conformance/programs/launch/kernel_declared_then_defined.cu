// Checks: a kernel declared (prototype) before main and defined after it; a static kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void later(int *v, int n);
static __global__ void helper_kernel(int *v) { v[threadIdx.x] += 100; }

int main()
{
    int *d, h[6];
    cudaMalloc(&d, sizeof h);
    later<<<1, 6>>>(d, 6);
    helper_kernel<<<1, 6>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}

__global__ void later(int *v, int n)
{
    if (threadIdx.x < n) v[threadIdx.x] = threadIdx.x * threadIdx.x;
}
