// Checks: int literals passed to atomics on unsigned / unsigned long long targets (student style):
// atomicAdd(&u, 1), atomicMax(&u, 0), atomicExch(&ull, 0), atomicCAS(&u, 0, 1).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void literals(unsigned *u, unsigned long long *ull, unsigned *flag)
{
    atomicAdd(u, 1);
    atomicMax(&u[1], 7);
    atomicAdd(ull, 2);
    if (threadIdx.x == 0) atomicCAS(flag, 0, 1);
    atomicMin(&u[2], 100);
}

int main()
{
    unsigned hu[3] = {0, 3, 1000}, hf = 0;
    unsigned long long hull = 0;
    unsigned *du, *df; unsigned long long *dull;
    cudaMalloc(&du, sizeof hu); cudaMalloc(&df, 4); cudaMalloc(&dull, 8);
    cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
    cudaMemcpy(df, &hf, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dull, &hull, 8, cudaMemcpyHostToDevice);
    literals<<<3, 64>>>(du, dull, df);
    cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hf, df, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hull, dull, 8, cudaMemcpyDeviceToHost);
    printf("count=%u max=%u min=%u ull=%llu flag=%u\n", hu[0], hu[1], hu[2], hull, hf);
    return 0;
}
