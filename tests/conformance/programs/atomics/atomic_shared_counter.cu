// Checks: atomicAdd on a __shared__ int used to hand out unique slots (stream compaction); output sorted.
#include <cstdio>
#include <algorithm>
#include <cuda_runtime.h>

__global__ void compact(const int *in, int *out, int *count)
{
    __shared__ int n;
    if (threadIdx.x == 0) n = 0;
    __syncthreads();
    int v = in[threadIdx.x];
    if (v % 3 == 0) {
        int slot = atomicAdd(&n, 1);
        out[slot] = v;
    }
    __syncthreads();
    if (threadIdx.x == 0) *count = n;
}

int main()
{
    int h[200], r[200], c;
    for (int i = 0; i < 200; ++i) h[i] = (i * 17) % 211;
    int *din, *dout, *dc;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r); cudaMalloc(&dc, 4);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    compact<<<1, 200>>>(din, dout, dc);
    cudaMemcpy(&c, dc, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(r, dout, c * sizeof(int), cudaMemcpyDeviceToHost);
    std::sort(r, r + c);   // slot order depends on scheduling; the set does not
    printf("count=%d:", c);
    for (int i = 0; i < c; ++i) printf(" %d", r[i]);
    printf("\n");
    return 0;
}
