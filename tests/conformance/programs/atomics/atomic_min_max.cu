// Checks: atomicMin/atomicMax on int, unsigned, long long and unsigned long long.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void extremes(const int *v, int *imin, int *imax, unsigned *umax, long long *llmin, unsigned long long *ullmax)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = v[i];
    atomicMin(imin, x);
    atomicMax(imax, x);
    atomicMax(umax, (unsigned)x);
    atomicMin(llmin, (long long)x * 1000000000LL);
    atomicMax(ullmax, (unsigned long long)(x + 600) << 32);
}

int main()
{
    const int n = 512;
    int h[n];
    for (int i = 0; i < n; ++i) h[i] = (i * 7919) % 1001 - 500;
    int *dv, *dmin, *dmax; unsigned *dumax; long long *dll; unsigned long long *dull;
    cudaMalloc(&dv, sizeof h); cudaMalloc(&dmin, 4); cudaMalloc(&dmax, 4); cudaMalloc(&dumax, 4);
    cudaMalloc(&dll, 8); cudaMalloc(&dull, 8);
    cudaMemcpy(dv, h, sizeof h, cudaMemcpyHostToDevice);
    int big = 1 << 30, small = -(1 << 30);
    unsigned uzero = 0; long long llbig = 1LL << 62; unsigned long long ullzero = 0;
    cudaMemcpy(dmin, &big, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dmax, &small, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dumax, &uzero, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dll, &llbig, 8, cudaMemcpyHostToDevice);
    cudaMemcpy(dull, &ullzero, 8, cudaMemcpyHostToDevice);
    extremes<<<4, 128>>>(dv, dmin, dmax, dumax, dll, dull);
    int rmin, rmax; unsigned rumax; long long rll; unsigned long long rull;
    cudaMemcpy(&rmin, dmin, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&rmax, dmax, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&rumax, dumax, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&rll, dll, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&rull, dull, 8, cudaMemcpyDeviceToHost);
    printf("min=%d max=%d umax=%u llmin=%lld ullmax=%llu\n", rmin, rmax, rumax, rll, rull >> 32);
    return 0;
}
