// Checks: the warpSize built-in variable in device code and lane/warp ids derived from it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void lanes(int *lane, int *warp, int *ws)
{
    int t = threadIdx.x;
    lane[t] = t % warpSize;
    warp[t] = t / warpSize;
    if (t == 0) *ws = warpSize;
}

int main()
{
    int *lane, *warp, *ws;
    cudaMalloc(&lane, 128 * sizeof(int));
    cudaMalloc(&warp, 128 * sizeof(int));
    cudaMalloc(&ws, sizeof(int));
    lanes<<<1, 128>>>(lane, warp, ws);
    int hl[128], hw[128], hws;
    cudaMemcpy(hl, lane, sizeof hl, cudaMemcpyDeviceToHost);
    cudaMemcpy(hw, warp, sizeof hw, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hws, ws, sizeof hws, cudaMemcpyDeviceToHost);
    printf("warpSize=%d lane[37]=%d warp[37]=%d lane[127]=%d warp[127]=%d\n", hws, hl[37], hw[37], hl[127], hw[127]);
    return 0;
}
