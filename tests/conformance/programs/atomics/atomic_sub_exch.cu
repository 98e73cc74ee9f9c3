// Checks: atomicSub (int, unsigned) and atomicExch (int, unsigned, unsigned long long, float) return old values.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void ops(int *i, unsigned *u, unsigned long long *ull, float *f, int *olds)
{
    atomicSub(i, 2);
    atomicSub(u, 1);
    if (threadIdx.x == 0) {
        olds[0] = atomicExch(ull, 0xABCDEF0123ull) == 5ull;
        olds[1] = atomicExch(f, 2.5f) == 1.5f;
    }
}

int main()
{
    int hi = 1000, ho[2];
    unsigned hu = 10;
    unsigned long long hull = 5;
    float hf = 1.5f;
    int *di, *dold; unsigned *du; unsigned long long *dull; float *df;
    cudaMalloc(&di, 4); cudaMalloc(&du, 4); cudaMalloc(&dull, 8); cudaMalloc(&df, 4); cudaMalloc(&dold, 8);
    cudaMemcpy(di, &hi, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(du, &hu, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dull, &hull, 8, cudaMemcpyHostToDevice);
    cudaMemcpy(df, &hf, 4, cudaMemcpyHostToDevice);
    ops<<<1, 64>>>(di, du, dull, df, dold);
    cudaMemcpy(&hi, di, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hu, du, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hull, dull, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hf, df, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(ho, dold, 8, cudaMemcpyDeviceToHost);
    printf("i=%d u=%u ull=%llx f=%.1f olds=%d,%d\n", hi, hu, hull, hf, ho[0], ho[1]);
    return 0;
}
