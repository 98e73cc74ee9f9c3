// Checks: shuffles and ballots with a partial member mask inside a branch taken by the low 16 lanes only.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void halves(int *out, unsigned *ballot)
{
    int lane = threadIdx.x;
    int v = lane + 1;
    if (lane < 16) {
        const unsigned mask = 0x0000ffff;
        // width 16: sources past lane 15 stay inside the segment (no read from a lane outside the mask)
        for (int off = 8; off > 0; off >>= 1) v += __shfl_down_sync(mask, v, off, 16);
        unsigned b = __ballot_sync(mask, lane % 3 == 0);
        if (lane == 0) { out[0] = v; *ballot = b; }
    } else {
        out[lane] = -lane;
    }
}

int main()
{
    int *d, h[32];
    unsigned *db, hb;
    cudaMalloc(&d, sizeof h); cudaMalloc(&db, sizeof hb);
    cudaMemset(d, 0, sizeof h);
    halves<<<1, 32>>>(d, db);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hb, db, sizeof hb, cudaMemcpyDeviceToHost);
    printf("low-half sum=%d ballot=%08x h[16]=%d h[31]=%d\n", h[0], hb, h[16], h[31]);
    return 0;
}
