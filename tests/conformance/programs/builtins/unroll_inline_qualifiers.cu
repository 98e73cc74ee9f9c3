// Checks: #pragma unroll (full and with a count), __forceinline__ / __noinline__ device functions, and
// __device__ __inline__ helpers.
#include <cstdio>
#include <cuda_runtime.h>

__device__ __forceinline__ int sq(int x) { return x * x; }
__device__ __noinline__ int cube(int x) { return x * x * x; }
__device__ __inline__ int add3(int a, int b, int c) { return a + b + c; }

__global__ void k(int *out)
{
    int acc = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) acc += sq(i + threadIdx.x);
#pragma unroll 4
    for (int i = 0; i < 10; ++i) acc += cube(i) % 7;
#pragma unroll 1
    for (int i = 0; i < 3; ++i) acc = add3(acc, i, 1);
    out[threadIdx.x] = acc;
}

int main()
{
    int *d, h[4];
    cudaMalloc(&d, sizeof h);
    k<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
