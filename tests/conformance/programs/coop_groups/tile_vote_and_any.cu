// Checks: thread_block_tile<16> any/all/ballot/match_any and tile-local shfl_xor.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void votes(int *out)
{
    auto t = cg::tiled_partition<16>(cg::this_thread_block());
    int r = t.thread_rank();
    int pred = (threadIdx.x >= 16) ? 1 : (r == 5);
    int any = t.any(pred), all = t.all(pred);
    unsigned b = t.ballot(r % 3 == 0);
    unsigned m = t.match_any(r / 4);
    int x = t.shfl_xor(r, 1);
    if (r == 0) { out[4 * t.meta_group_rank()] = any; out[4 * t.meta_group_rank() + 1] = all; out[4 * t.meta_group_rank() + 2] = (int)b; }
    if (r == 6) out[4 * t.meta_group_rank() + 3] = (int)m * 100 + x;
}

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    votes<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int g = 0; g < 2; ++g) printf("tile %d: any=%d all=%d ballot=%04x match*100+xor=%d\n", g, h[4 * g] != 0, h[4 * g + 1] != 0, h[4 * g + 2], h[4 * g + 3]);
    return 0;
}
