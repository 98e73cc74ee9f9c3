// Checks: a launch with 2048 threads per block fails with cudaErrorInvalidConfiguration (cudaGetLastError),
// the kernel does not run, the error is not sticky (the next launch works).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void write(int *v) { v[threadIdx.x] = 7; }

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, 2048 * sizeof(int));
    cudaMemset(d, 0, 2048 * sizeof(int));
    write<<<1, 2048>>>(d);
    cudaError_t e = cudaGetLastError();
    printf("2048 threads: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    write<<<1, dim3(32, 32, 2)>>>(d);
    printf("32x32x2: %s\n", cudaGetErrorName(cudaGetLastError()));
    write<<<1, 1024>>>(d);
    printf("1024 threads: %s sync=%s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    return 0;
}
