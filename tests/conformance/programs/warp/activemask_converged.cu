// Checks: __activemask() in converged code of a full warp is 0xffffffff; in a partial last warp it has the
// low bits of the existing lanes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void masks(unsigned *out)
{
    unsigned m = __activemask();
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = m;
}

int main()
{
    unsigned *d, h[2];
    cudaMalloc(&d, sizeof h);
    masks<<<1, 45>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("warp0=%08x warp1=%08x\n", h[0], h[1]);
    return 0;
}
