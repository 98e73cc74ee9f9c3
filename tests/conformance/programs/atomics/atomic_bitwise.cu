// Checks: atomicAnd, atomicOr, atomicXor on int, unsigned and unsigned long long.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bits(unsigned *o, int *a, unsigned long long *x)
{
    unsigned t = threadIdx.x;
    atomicOr(o, 1u << (t % 32));
    atomicAnd(a, ~(1 << (t % 31)));
    atomicXor(x, 1ull << (t % 64));
}

int main()
{
    unsigned ho = 0; int ha = -1; unsigned long long hx = 0;
    unsigned *dout; int *da; unsigned long long *dx;
    cudaMalloc(&dout, 4); cudaMalloc(&da, 4); cudaMalloc(&dx, 8);
    cudaMemcpy(dout, &ho, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(da, &ha, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, &hx, 8, cudaMemcpyHostToDevice);
    bits<<<1, 100>>>(dout, da, dx);  // xor: t%64 hits bits 0..35 twice, 36..63 once
    cudaMemcpy(&ho, dout, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&ha, da, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hx, dx, 8, cudaMemcpyDeviceToHost);
    printf("or=%08x and=%08x xor=%016llx\n", ho, (unsigned)ha, hx);
    return 0;
}
