// Checks: a statically sized __shared__ array used to reverse each block's segment.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 64

__global__ void reverse_segments(const int *in, int *out)
{
    __shared__ int s[BLOCK];
    int base = blockIdx.x * BLOCK;
    s[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = s[BLOCK - 1 - threadIdx.x];
}

int main()
{
    const int n = 4 * BLOCK;
    int h[n], r[n];
    for (int i = 0; i < n; ++i) h[i] = i;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    reverse_segments<<<4, BLOCK>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d %d\n", r[0], r[63], r[64], r[127], r[255]);
    return 0;
}
