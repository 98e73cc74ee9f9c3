// Checks: __reduce_add_sync, __reduce_min_sync, __reduce_max_sync (unsigned and int), __reduce_and/or/xor_sync.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reductions(int *out)
{
    unsigned lane = threadIdx.x;
    unsigned u = lane * 3 + 1;
    int s = (int)lane - 20;
    unsigned add = __reduce_add_sync(0xffffffff, u);
    unsigned mn = __reduce_min_sync(0xffffffff, u);
    int mxs = __reduce_max_sync(0xffffffff, s);
    int mns = __reduce_min_sync(0xffffffff, s);
    unsigned a = __reduce_and_sync(0xffffffff, u | 0x100);
    unsigned o = __reduce_or_sync(0xffffffff, 1u << (lane % 8));
    unsigned x = __reduce_xor_sync(0xffffffff, lane);
    if (lane == 7) {
        out[0] = add; out[1] = mn; out[2] = mxs; out[3] = mns; out[4] = a; out[5] = o; out[6] = x;
    }
}

int main()
{
    int *d, h[7];
    cudaMalloc(&d, sizeof h);
    reductions<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("add=%d min=%d smax=%d smin=%d and=%x or=%x xor=%d\n", h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    return 0;
}
