// Checks: warp reduction with __shfl_down_sync (offsets 16..1); lane 0 holds the warp's sum.
#include <cstdio>
#include <cuda_runtime.h>

__inline__ __device__ int warp_sum(int v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

__global__ void sums(const int *in, int *out)
{
    int v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x % 32 == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

int main()
{
    int h[256], r[8];
    for (int i = 0; i < 256; ++i) h[i] = i * i % 97;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    sums<<<2, 128>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int w = 0; w < 8; ++w) {
        int ref = 0;
        for (int l = 0; l < 32; ++l) ref += h[w * 32 + l];
        printf("warp %d: %d (%s)\n", w, r[w], r[w] == ref ? "ok" : "BAD");
    }
    return 0;
}
