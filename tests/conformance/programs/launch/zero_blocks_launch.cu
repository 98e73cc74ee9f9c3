// Checks: n = 0 with the usual (n + B - 1) / B grid gives a zero-block launch, which is an invalid
// configuration (cudaErrorInvalidConfiguration from cudaGetLastError); guarding with if (n > 0) avoids it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void touch(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = 1;
}

int main()
{
    int n = 0;
    int *d;
    cudaMalloc(&d, 4);
    touch<<<(n + 255) / 256, 256>>>(d, n);
    cudaError_t e = cudaGetLastError();
    printf("zero blocks: %s\n", cudaGetErrorName(e));
    printf("cleared: %s\n", cudaGetErrorName(cudaGetLastError()));
    if (n > 0) touch<<<(n + 255) / 256, 256>>>(d, n);
    printf("guarded: %s sync=%s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(d);
    return 0;
}
