// Checks: cudaMemcpyAsync with pinned memory on a created stream, kernel on the same stream, cudaStreamSynchronize.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void negate(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = -v[i];
}

int main()
{
    const int n = 2000;
    int *h, *d;
    cudaMallocHost(&h, n * sizeof(int));
    cudaMalloc(&d, n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = i;
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMemcpyAsync(d, h, n * sizeof(int), cudaMemcpyHostToDevice, s);
    negate<<<(n + 255) / 256, 256, 0, s>>>(d, n);
    cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    long s2 = 0;
    for (int i = 0; i < n; ++i) s2 += h[i];
    printf("sum=%ld h[1999]=%d\n", s2, h[n - 1]);
    cudaStreamDestroy(s);
    cudaFreeHost(h); cudaFree(d);
    return 0;
}
