// Checks: cudaHostRegister on ordinary malloc'd memory, async copies from it, cudaHostUnregister.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

int main()
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = i % 100;
    printf("register=%s\n", cudaGetErrorName(cudaHostRegister(h, n * sizeof(int), cudaHostRegisterDefault)));
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpyAsync(d, h, n * sizeof(int), cudaMemcpyHostToDevice, 0);
    cudaMemsetAsync(d, 0, 16 * sizeof(int), 0);
    cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, 0);
    cudaDeviceSynchronize();
    long s = 0;
    for (int i = 0; i < n; ++i) s += h[i];
    printf("sum=%ld\n", s);
    printf("unregister=%s\n", cudaGetErrorName(cudaHostUnregister(h)));
    free(h);
    cudaFree(d);
    return 0;
}
