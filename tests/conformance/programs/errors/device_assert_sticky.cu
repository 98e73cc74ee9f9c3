// Checks: a failing device-side assert() makes the next synchronising call return cudaErrorAssert; the error is
// sticky: later calls (cudaMalloc, cudaMemcpy, cudaDeviceSynchronize) also fail with it. Only names are printed.
#include <cstdio>
#include <cassert>
#include <cuda_runtime.h>

__global__ void check_positive(const int *v, int n)
{
    int i = threadIdx.x;
    if (i < n) assert(v[i] > 0);
}

int main()
{
    int h[8] = {1, 2, 3, 4, 5, -6, 7, 8};
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    check_positive<<<1, 5>>>(d, 8);   // only the first five are checked: passes
    printf("passing: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    check_positive<<<1, 8>>>(d, 8);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    void *p;
    printf("malloc after: %s\n", cudaGetErrorName(cudaMalloc(&p, 16)));
    printf("memcpy after: %s\n", cudaGetErrorName(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)));
    printf("sync again: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
