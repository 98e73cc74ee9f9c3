// Checks: work split over two created streams (copy, kernel, copy per half) then cudaDeviceSynchronize.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void inc(int *v, int n, int by)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] += by;
}

int main()
{
    const int n = 4096, half = n / 2;
    int *h, *d;
    cudaMallocHost(&h, n * sizeof(int));
    cudaMalloc(&d, n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = i;
    cudaStream_t s[2];
    for (int k = 0; k < 2; ++k) cudaStreamCreate(&s[k]);
    for (int k = 0; k < 2; ++k) {
        int off = k * half;
        cudaMemcpyAsync(d + off, h + off, half * sizeof(int), cudaMemcpyHostToDevice, s[k]);
        inc<<<(half + 255) / 256, 256, 0, s[k]>>>(d + off, half, k + 1);
        cudaMemcpyAsync(h + off, d + off, half * sizeof(int), cudaMemcpyDeviceToHost, s[k]);
    }
    cudaDeviceSynchronize();
    long long sum = 0;
    for (int i = 0; i < n; ++i) sum += h[i];
    printf("sum=%lld h[0]=%d h[4095]=%d\n", sum, h[0], h[n - 1]);
    for (int k = 0; k < 2; ++k) cudaStreamDestroy(s[k]);
    cudaFreeHost(h); cudaFree(d);
    return 0;
}
