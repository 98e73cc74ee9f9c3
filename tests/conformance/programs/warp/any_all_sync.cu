// Checks: __any_sync and __all_sync over full warps with different predicates per warp.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void votes(int *out)
{
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int pred = warp == 0 ? 1 : warp == 1 ? (lane == 17) : warp == 2 ? (lane != 3) : 0;
    int any = __any_sync(0xffffffff, pred);
    int all = __all_sync(0xffffffff, pred);
    if (lane == 0) { out[2 * warp] = any != 0; out[2 * warp + 1] = all != 0; }
}

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    votes<<<1, 128>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int w = 0; w < 4; ++w) printf("warp %d any=%d all=%d\n", w, h[2 * w], h[2 * w + 1]);
    return 0;
}
