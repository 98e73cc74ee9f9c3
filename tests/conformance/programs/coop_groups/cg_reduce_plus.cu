// Checks: cg::reduce with cg::plus<int>, cg::greater<int>, cg::less<float> and cg::bit_xor over warp tiles
// (cooperative_groups/reduce.h).
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void reductions(const int *in, int *isum, int *imax, float *fmin, unsigned *x)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int m = cg::reduce(tile, v, cg::greater<int>());
    float f = cg::reduce(tile, v * 0.5f, cg::less<float>());
    unsigned b = cg::reduce(tile, (unsigned)v, cg::bit_xor<unsigned>());
    if (tile.thread_rank() == 0) {
        int w = tile.meta_group_rank();
        isum[w] = s; imax[w] = m; fmin[w] = f; x[w] = b;
    }
}

int main()
{
    int h[64];
    for (int i = 0; i < 64; ++i) h[i] = (i * 29) % 64 - 20;
    int *din, *ds, *dm; float *df; unsigned *dx;
    cudaMalloc(&din, sizeof h); cudaMalloc(&ds, 8); cudaMalloc(&dm, 8); cudaMalloc(&df, 8); cudaMalloc(&dx, 8);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    reductions<<<1, 64>>>(din, ds, dm, df, dx);
    int s[2], m[2]; float f[2]; unsigned x[2];
    cudaMemcpy(s, ds, 8, cudaMemcpyDeviceToHost); cudaMemcpy(m, dm, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(f, df, 8, cudaMemcpyDeviceToHost); cudaMemcpy(x, dx, 8, cudaMemcpyDeviceToHost);
    for (int w = 0; w < 2; ++w) printf("warp %d: sum=%d max=%d min=%.1f xor=%08x\n", w, s[w], m[w], f[w], x[w]);
    return 0;
}
