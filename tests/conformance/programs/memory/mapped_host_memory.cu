// Checks: zero-copy mapped memory: cudaHostAlloc(cudaHostAllocMapped) + cudaHostGetDevicePointer; the kernel
// writes host memory directly, visible after cudaDeviceSynchronize.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = 3 * i + 1;
}

int main()
{
    const int n = 300;
    int *host, *dev;
    cudaError_t e = cudaHostAlloc((void **)&host, n * sizeof(int), cudaHostAllocMapped);
    printf("alloc=%s\n", cudaGetErrorName(e));
    e = cudaHostGetDevicePointer((void **)&dev, host, 0);
    printf("getptr=%s\n", cudaGetErrorName(e));
    fill<<<(n + 127) / 128, 128>>>(dev, n);
    cudaDeviceSynchronize();
    long s = 0;
    for (int i = 0; i < n; ++i) s += host[i];
    printf("host[0]=%d host[299]=%d sum=%ld\n", host[0], host[n - 1], s);
    cudaFreeHost(host);
    return 0;
}
