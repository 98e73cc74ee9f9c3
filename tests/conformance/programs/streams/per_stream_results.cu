// Checks: four streams each running a chain of dependent kernels on their own buffer; results independent
// of how the streams interleave.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void step(int *v, int k) { v[threadIdx.x] = v[threadIdx.x] * 2 + k; }

int main()
{
    const int ns = 4;
    cudaStream_t s[ns];
    int *d[ns], h[ns][8];
    for (int i = 0; i < ns; ++i) {
        cudaStreamCreate(&s[i]);
        cudaMalloc(&d[i], 8 * sizeof(int));
        cudaMemsetAsync(d[i], 0, 8 * sizeof(int), s[i]);
    }
    for (int k = 0; k < 10; ++k)
        for (int i = 0; i < ns; ++i) step<<<1, 8, 0, s[i]>>>(d[i], k + i);
    for (int i = 0; i < ns; ++i) cudaMemcpyAsync(h[i], d[i], sizeof h[i], cudaMemcpyDeviceToHost, s[i]);
    for (int i = 0; i < ns; ++i) cudaStreamSynchronize(s[i]);
    for (int i = 0; i < ns; ++i) printf("stream %d: %d\n", i, h[i][3]);
    for (int i = 0; i < ns; ++i) { cudaStreamDestroy(s[i]); cudaFree(d[i]); }
    return 0;
}
