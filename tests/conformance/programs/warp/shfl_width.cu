// Checks: the width argument of __shfl_sync/__shfl_up_sync/__shfl_down_sync/__shfl_xor_sync (sub-warp segments
// of 8 and 16 lanes; srcLane taken modulo width; up/down do not cross a segment).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void widths(int *out)
{
    int lane = threadIdx.x;
    int v = lane * 100;
    out[0 * 32 + lane] = __shfl_sync(0xffffffff, v, 2, 8);
    out[1 * 32 + lane] = __shfl_sync(0xffffffff, v, 19, 16);
    out[2 * 32 + lane] = __shfl_up_sync(0xffffffff, v, 3, 8);
    out[3 * 32 + lane] = __shfl_down_sync(0xffffffff, v, 5, 16);
    out[4 * 32 + lane] = __shfl_xor_sync(0xffffffff, v, 1, 4);
}

int main()
{
    int *d, h[5 * 32];
    cudaMalloc(&d, sizeof h);
    widths<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[] = {"shfl w8 src2", "shfl w16 src19", "up 3 w8", "down 5 w16", "xor 1 w4"};
    for (int r = 0; r < 5; ++r) {
        printf("%s:", names[r]);
        for (int l = 0; l < 32; ++l) printf(" %d", h[r * 32 + l] / 100);
        printf("\n");
    }
    return 0;
}
