// Checks: __ballot_sync builds a 32-bit mask of predicates; __popc of it counts them; per-warp compaction offsets.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void ballots(const int *in, unsigned *masks, int *rank)
{
    int lane = threadIdx.x % 32;
    int keep = in[threadIdx.x] > 0;
    unsigned m = __ballot_sync(0xffffffff, keep);
    if (lane == 0) masks[threadIdx.x / 32] = m;
    // position of this element among the kept ones of its warp
    rank[threadIdx.x] = keep ? __popc(m & ((1u << lane) - 1)) : -1;
}

int main()
{
    int h[64], r[64];
    unsigned m[2];
    for (int i = 0; i < 64; ++i) h[i] = (i % 3 == 0 || i % 7 == 0) ? 1 : 0;
    int *din, *dr;
    unsigned *dm;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dr, sizeof r); cudaMalloc(&dm, sizeof m);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    ballots<<<1, 64>>>(din, dm, dr);
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(m, dm, sizeof m, cudaMemcpyDeviceToHost);
    printf("masks %08x %08x\n", m[0], m[1]);
    for (int i = 0; i < 64; ++i) if (r[i] >= 0) printf("%d:%d ", i, r[i]);
    printf("\n");
    return 0;
}
