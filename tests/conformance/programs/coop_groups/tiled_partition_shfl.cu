// Checks: cg::tiled_partition<32/16/8/4>(block) with shfl_down reductions inside each tile; thread_rank and
// meta_group_rank of tiles.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned N>
__device__ int tile_sum(cg::thread_block_tile<N> t, int v)
{
    for (int o = t.size() / 2; o > 0; o /= 2) v += t.shfl_down(v, o);
    return v;
}

template <int N>
__global__ void sums(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
    int s = tile_sum(tile, in[threadIdx.x]);
    if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = s;
}

template <int N>
void run(int *din, int *dout)
{
    int h[64];
    sums<N><<<1, 64>>>(din, dout);
    cudaMemcpy(h, dout, (64 / N) * sizeof(int), cudaMemcpyDeviceToHost);
    printf("tile %2d:", N);
    for (int i = 0; i < 64 / N; ++i) printf(" %d", h[i]);
    printf("\n");
}

int main()
{
    int h[64], *din, *dout;
    for (int i = 0; i < 64; ++i) h[i] = i;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof h);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    run<32>(din, dout); run<16>(din, dout); run<8>(din, dout); run<4>(din, dout);
    return 0;
}
