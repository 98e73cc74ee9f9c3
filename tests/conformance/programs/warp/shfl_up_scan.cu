// Checks: inclusive warp scan with __shfl_up_sync (lanes below the offset keep their value).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp_scan(int *v)
{
    int lane = threadIdx.x & 31;
    int x = v[threadIdx.x];
    for (int d = 1; d < 32; d <<= 1) {
        int y = __shfl_up_sync(0xffffffff, x, d);
        if (lane >= d) x += y;
    }
    v[threadIdx.x] = x;
}

int main()
{
    int h[64];
    for (int i = 0; i < 64; ++i) h[i] = i % 5 + 1;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    warp_scan<<<1, 64>>>(d);
    int r[64];
    cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < 2; ++w) {
        int acc = 0;
        for (int l = 0; l < 32; ++l) { acc += h[w * 32 + l]; bad += r[w * 32 + l] != acc; }
    }
    printf("bad=%d r[31]=%d r[63]=%d\n", bad, r[31], r[63]);
    return 0;
}
