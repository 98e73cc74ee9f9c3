// Checks: cg::memcpy_async(block, shared, global, bytes) + cg::wait(block) staging a tile into shared memory.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void stage(const int *in, int *out)
{
    __shared__ int tile[128];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in + blockIdx.x * 128, sizeof(int) * 128);
    cg::wait(block);
    out[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x] * 2;
}

int main()
{
    int h[256], r[256];
    for (int i = 0; i < 256; ++i) h[i] = i;
    int *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    stage<<<2, 128>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", r[0], r[127], r[128], r[255]);
    return 0;
}
