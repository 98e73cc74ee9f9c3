// Checks: cg::inclusive_scan and cg::exclusive_scan (cooperative_groups/scan.h) with cg::plus over 32- and 8-wide
// tiles.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void scans(const int *in, int *inc32, int *exc8)
{
    cg::thread_block block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    auto oct = cg::tiled_partition<8>(block);
    int v = in[block.thread_rank()];
    inc32[block.thread_rank()] = cg::inclusive_scan(warp, v, cg::plus<int>());
    exc8[block.thread_rank()] = cg::exclusive_scan(oct, v);
}

int main()
{
    int h[64], a[64], b[64];
    for (int i = 0; i < 64; ++i) h[i] = i % 7 + 1;
    int *din, *da, *db;
    cudaMalloc(&din, sizeof h); cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    scans<<<1, 64>>>(din, da, db);
    cudaMemcpy(a, da, sizeof a, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, db, sizeof b, cudaMemcpyDeviceToHost);
    int bad = 0, acc = 0, eacc = 0;
    for (int i = 0; i < 64; ++i) {
        if (i % 32 == 0) acc = 0;
        if (i % 8 == 0) eacc = 0;
        acc += h[i];
        bad += a[i] != acc || b[i] != eacc;
        eacc += h[i];
    }
    printf("bad=%d inc[31]=%d inc[63]=%d exc[7]=%d exc[63]=%d\n", bad, a[31], a[63], b[7], b[63]);
    return 0;
}
