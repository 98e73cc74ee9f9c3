// Checks: __syncthreads_count returns, to every thread, the number of threads whose predicate is non-zero.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void count_even(const int *v, int *out)
{
    int pred = (v[blockIdx.x * blockDim.x + threadIdx.x] % 2) == 0;
    int c = __syncthreads_count(pred);
    out[blockIdx.x * blockDim.x + threadIdx.x] = c;
}

int main()
{
    const int blocks = 3, threads = 96, n = blocks * threads;
    int h[n], r[n];
    for (int i = 0; i < n; ++i) h[i] = (i * i + i / 5) % 7;
    int *dv, *dr;
    cudaMalloc(&dv, sizeof h);
    cudaMalloc(&dr, sizeof r);
    cudaMemcpy(dv, h, sizeof h, cudaMemcpyHostToDevice);
    count_even<<<blocks, threads>>>(dv, dr);
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
        int ref = 0, same = 1;
        for (int t = 0; t < threads; ++t) ref += h[b * threads + t] % 2 == 0;
        for (int t = 0; t < threads; ++t) same &= r[b * threads + t] == r[b * threads];
        printf("block %d: count=%d ref=%d uniform=%d\n", b, r[b * threads], ref, same);
    }
    return 0;
}
