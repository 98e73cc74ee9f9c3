// Checks: __syncwarp() orders shared-memory writes and reads between lanes of one warp.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp_rotate(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int lane = t % 32, base = t - lane;
    s[t] = t * 3;
    __syncwarp();
    int v = s[base + (lane + 1) % 32];
    __syncwarp();
    s[t] = v + 1;
    __syncwarp();
    out[t] = s[base + (lane + 31) % 32];
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, sizeof h);
    warp_rotate<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 64; ++t) bad += h[t] != t * 3 + 1;
    printf("bad=%d h[0]=%d h[63]=%d\n", bad, h[0], h[63]);
    return 0;
}
