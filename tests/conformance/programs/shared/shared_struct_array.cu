// Checks: __shared__ arrays of a struct type and a shared scalar written by one thread and read by all.
#include <cstdio>
#include <cuda_runtime.h>

struct Pair { int key; float val; };

__global__ void pairs(int *out)
{
    __shared__ Pair p[32];
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    p[threadIdx.x].key = threadIdx.x * 2;
    p[threadIdx.x].val = threadIdx.x * 0.5f;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int i = 0; i < 32; ++i) total += p[i].key + (int)p[i].val;
    }
    __syncthreads();
    out[threadIdx.x] = total + p[31 - threadIdx.x].key;
}

int main()
{
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    pairs<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[1], h[31]);
    return 0;
}
