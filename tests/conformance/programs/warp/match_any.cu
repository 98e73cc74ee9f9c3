// Checks: __match_any_sync returns the mask of lanes holding the same value; __match_all_sync sets pred.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void matches(unsigned *any, unsigned *all, int *pred_out)
{
    int lane = threadIdx.x;
    int key = lane % 5;
    any[lane] = __match_any_sync(0xffffffff, key);
    int pred;
    unsigned m = __match_all_sync(0xffffffff, 42, &pred);
    int pred2;
    unsigned m2 = __match_all_sync(0xffffffff, lane / 16, &pred2);
    if (lane == 0) { all[0] = m; all[1] = m2; pred_out[0] = pred; pred_out[1] = pred2; }
}

int main()
{
    unsigned *da, *dl, ha[32], hl[2];
    int *dp, hp[2];
    cudaMalloc(&da, sizeof ha); cudaMalloc(&dl, sizeof hl); cudaMalloc(&dp, sizeof hp);
    matches<<<1, 32>>>(da, dl, dp);
    cudaMemcpy(ha, da, sizeof ha, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    cudaMemcpy(hp, dp, sizeof hp, cudaMemcpyDeviceToHost);
    for (int k = 0; k < 5; ++k) printf("key %d: %08x\n", k, ha[k]);
    printf("all-same: mask=%08x pred=%d\n", hl[0], hp[0] != 0);
    printf("halves: mask=%08x pred=%d\n", hl[1], hp[1] != 0);
    return 0;
}
