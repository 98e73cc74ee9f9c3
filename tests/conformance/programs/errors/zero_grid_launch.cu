// Checks: a launch with no blocks (a grid of 0, as `(n + 1023) / 1024` gives for n = 0) fails at launch
// with the GPU's error code, the kernel does not run, the error is not sticky; cudaMalloc of 0 bytes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void write(int *v) { v[threadIdx.x] = 7; }

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, 64 * sizeof(int));
    cudaMemset(d, 0, 64 * sizeof(int));
    unsigned n = 0;
    write<<<(n + 1023) / 1024, 1024>>>(d);
    cudaError_t e = cudaGetLastError();
    printf("grid 0: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    write<<<dim3(1, 0, 1), 32>>>(d);
    printf("grid 1x0x1: %s\n", cudaGetErrorName(cudaGetLastError()));
    write<<<1, 0>>>(d);
    printf("block 0: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    int *empty = d;
    e = cudaMalloc(&empty, 0);
    printf("cudaMalloc(0): %s null=%d\n", cudaGetErrorName(e), empty == nullptr);
    printf("free: %s\n", cudaGetErrorName(cudaFree(empty)));
    write<<<1, 32>>>(d);
    printf("1x32: %s sync=%s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    return 0;
}
