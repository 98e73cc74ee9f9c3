// Checks: a global spin lock built with atomicCAS/atomicExch, taken by one thread per block (safe pattern),
// protecting a non-atomic read-modify-write of two variables.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int lock = 0;

__global__ void critical(int *a, int *b)
{
    if (threadIdx.x == 0) {
        while (atomicCAS(&lock, 0, 1) != 0) { }
        __threadfence();
        int x = *(volatile int *)a;
        *(volatile int *)a = x + 1;
        *(volatile int *)b = *(volatile int *)b + x;
        __threadfence();
        atomicExch(&lock, 0);
    }
}

int main()
{
    int *d, h[2] = {0, 0};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    critical<<<64, 32>>>(d, d + 1);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("a=%d b=%d\n", h[0], h[1]);
    return 0;
}
