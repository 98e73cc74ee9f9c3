// Checks: cg::coalesced_threads() in converged code (all 32 lanes) and in a branch taken by even lanes:
// size(), thread_rank(), shfl and ballot within the coalesced group.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void coalesced(int *out)
{
    cg::coalesced_group all = cg::coalesced_threads();
    int lane = threadIdx.x;
    out[lane] = all.size() * 100 + all.thread_rank();
    if (lane % 2 == 0) {
        cg::coalesced_group evens = cg::coalesced_threads();
        int leader_value = evens.shfl(lane * 10, 0);
        unsigned b = evens.ballot(lane % 4 == 0);
        out[32 + lane / 2] = evens.size() * 10000 + evens.thread_rank() * 100 + leader_value;
        if (evens.thread_rank() == 0) out[48] = (int)b;
    }
}

int main()
{
    int *d, h[49];
    cudaMalloc(&d, sizeof h);
    coalesced<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("all: %d %d %d\n", h[0], h[1], h[31]);
    printf("evens: %d %d %d ballot=%08x\n", h[32], h[33], h[47], (unsigned)h[48]);
    return 0;
}
