// Checks: two-level block reduction (warp shuffles, per-warp partials in shared memory, first warp finishes).
#include <cstdio>
#include <cuda_runtime.h>

__device__ float warp_reduce(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

__global__ void block_sum(const float *in, float *out, int n)
{
    static __shared__ float partial[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    float v = warp_reduce(i < n ? in[i] : 0.0f);
    if (lane == 0) partial[wid] = v;
    __syncthreads();
    v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0.0f;
    if (wid == 0) v = warp_reduce(v);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

int main()
{
    const int n = 3000, threads = 512, blocks = (n + threads - 1) / threads;
    float h[n], r[blocks];
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 8);  // small integers: sums are exact in float
    float *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<<<blocks, threads>>>(din, dout, n);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) printf("%.0f ", r[b]);
    printf("\n");
    return 0;
}
