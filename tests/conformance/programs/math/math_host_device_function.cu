// Checks: a __host__ __device__ function computing the same integer/exact results on both sides.
#include <cstdio>
#include <cuda_runtime.h>

__host__ __device__ long long collatz_steps(long long n)
{
    long long steps = 0;
    while (n != 1) { n = (n % 2) ? 3 * n + 1 : n / 2; ++steps; }
    return steps;
}

__host__ __device__ inline float lerp(float a, float b, float t) { return a + t * (b - a); }

__global__ void both(long long *steps, float *l)
{
    int i = threadIdx.x;
    steps[i] = collatz_steps(i + 1);
    l[i] = lerp(0.0f, 8.0f, i * 0.125f);
}

int main()
{
    long long *ds, hs[32]; float *dl, hl[32];
    cudaMalloc(&ds, sizeof hs); cudaMalloc(&dl, sizeof hl);
    both<<<1, 32>>>(ds, dl);
    cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 32; ++i) bad += hs[i] != collatz_steps(i + 1) || hl[i] != lerp(0.0f, 8.0f, i * 0.125f);
    printf("steps(27)=%lld lerp[9]=%.4f bad=%d\n", hs[26], hl[9], bad);
    return 0;
}
