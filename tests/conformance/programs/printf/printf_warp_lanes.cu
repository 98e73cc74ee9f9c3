// Checks: device printf from one warp with every other lane inactive: the lines come out in lane order
// (a GPU executes a printf for a warp's active lanes together). With several warps a GPU prints each
// warp's lines together but the warps in no fixed order (an H200 printed warp 1 first in 3 of 3 runs
// of a 3-warp block), so one warp is what can be compared.
#include <cstdio>

__global__ void odd_lanes()
{
    int t = threadIdx.x;
    if (t % 2 == 1) printf("thread %d of warp %d\n", t, t / 32);
}

int main()
{
    odd_lanes<<<1, 32>>>();
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
