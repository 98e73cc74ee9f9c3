// Checks: blockIdx.y over a tall grid (gridDim.y = 300) with one thread per block row.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rows(int *out)
{
    if (threadIdx.x == 0) out[blockIdx.y * gridDim.x + blockIdx.x] = blockIdx.y - blockIdx.x;
}

int main()
{
    dim3 grid(3, 300);
    int *d;
    cudaMalloc(&d, 900 * sizeof(int));
    rows<<<grid, 32>>>(d);
    int h[900];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int v : h) s += v;
    printf("sum=%ld h[899]=%d\n", s, h[899]);
    cudaFree(d);
    return 0;
}
