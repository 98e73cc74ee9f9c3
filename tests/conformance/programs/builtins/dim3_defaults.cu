// Checks: dim3 default components are 1; dim3 from an int; launching with plain ints and with dim3 mixes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dims(unsigned *out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        out[0] = blockDim.x; out[1] = blockDim.y; out[2] = blockDim.z;
        out[3] = gridDim.x;  out[4] = gridDim.y;  out[5] = gridDim.z;
    }
}

int main()
{
    dim3 a;
    dim3 b(7);
    dim3 c(2, 3);
    printf("a=(%u,%u,%u) b=(%u,%u,%u) c=(%u,%u,%u)\n", a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
    unsigned *d, h[6];
    cudaMalloc(&d, sizeof h);
    dims<<<5, c>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("block=(%u,%u,%u) grid=(%u,%u,%u)\n", h[0], h[1], h[2], h[3], h[4], h[5]);
    dims<<<b, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("block=(%u,%u,%u) grid=(%u,%u,%u)\n", h[0], h[1], h[2], h[3], h[4], h[5]);
    cudaFree(d);
    return 0;
}
