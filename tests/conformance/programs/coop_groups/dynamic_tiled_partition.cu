// Checks: dynamic cg::tiled_partition(block, n) returning a thread_group; size(), thread_rank() and sync().
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void groups(int tile, int *rank, int *size)
{
    cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), tile);
    rank[threadIdx.x] = g.thread_rank();
    size[threadIdx.x] = g.size();
    g.sync();
}

int main()
{
    int *dr, *ds, r[64], s[64];
    cudaMalloc(&dr, sizeof r); cudaMalloc(&ds, sizeof s);
    int tiles[] = {32, 16, 4, 2};
    for (int t : tiles) {
        groups<<<1, 64>>>(t, dr, ds);
        cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
        cudaMemcpy(s, ds, sizeof s, cudaMemcpyDeviceToHost);
        printf("tile %d: size=%d ranks %d %d %d %d\n", t, s[0], r[0], r[t - 1], r[t], r[63]);
    }
    return 0;
}
