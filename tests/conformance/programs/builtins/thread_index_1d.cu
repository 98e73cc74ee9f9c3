// Checks: threadIdx.x, blockIdx.x, blockDim.x, gridDim.x in a 1D launch; the global index formula.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void record(int *out, int *dims)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = i * 10 + threadIdx.x % 10;
    if (i == 0) {
        dims[0] = blockDim.x;
        dims[1] = gridDim.x;
    }
}

int main()
{
    const int n = 96;
    int *d_out, *d_dims;
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_dims, 2 * sizeof(int));
    record<<<3, 32>>>(d_out, d_dims);
    int h[n], dims[2];
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(dims, d_dims, sizeof dims, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n; ++i) sum += h[i];
    printf("blockDim=%d gridDim=%d\n", dims[0], dims[1]);
    printf("h[0]=%d h[33]=%d h[95]=%d sum=%ld\n", h[0], h[33], h[95], sum);
    cudaFree(d_out);
    cudaFree(d_dims);
    return 0;
}
