// Checks: __threadfence() + a volatile flag so the last block to finish (atomicInc ticket) sums all partials
// (the Programming Guide's "sum of an array in one launch" pattern).
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned int count = 0;

__global__ void sum(const int *in, int n, volatile int *partial, int *result)
{
    __shared__ bool is_last;
    __shared__ int s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        int acc = 0;
        for (int k = 0; k < 64; ++k) acc += s[k];
        partial[blockIdx.x] = acc;
        __threadfence();
        unsigned ticket = atomicInc(&count, gridDim.x);
        is_last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (is_last && threadIdx.x == 0) {
        int total = 0;
        for (int b = 0; b < gridDim.x; ++b) total += partial[b];
        *result = total;
        count = 0;
    }
}

int main()
{
    const int n = 1000;
    int h[n];
    for (int i = 0; i < n; ++i) h[i] = i % 13;
    int *din, *dpart, *dres, res = 0, ref = 0;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dpart, 16 * sizeof(int));
    cudaMalloc(&dres, sizeof(int));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    sum<<<16, 64>>>(din, n, dpart, dres);
    cudaMemcpy(&res, dres, sizeof res, cudaMemcpyDeviceToHost);
    for (int v : h) ref += v;
    printf("gpu=%d cpu=%d\n", res, ref);
    sum<<<16, 64>>>(din, n, dpart, dres);
    cudaMemcpy(&res, dres, sizeof res, cudaMemcpyDeviceToHost);
    printf("again=%d\n", res);
    return 0;
}
