// Checks: cudaEventCreate/Record/Synchronize/Query and cudaEventElapsedTime's return code (the time itself is
// never printed, only that it is >= 0).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void busy(unsigned *v)
{
    unsigned x = v[threadIdx.x];  // unsigned: the wrap-around is defined
    for (int k = 0; k < 1000; ++k) x = x * 5 + 1;
    v[threadIdx.x] = x;
}

int main()
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    unsigned *d;
    cudaMalloc(&d, 32 * sizeof(unsigned));
    cudaMemset(d, 0, 32 * sizeof(unsigned));
    cudaEventRecord(start);
    busy<<<1, 32>>>(d);
    cudaEventRecord(stop);
    printf("sync=%s\n", cudaGetErrorName(cudaEventSynchronize(stop)));
    printf("query=%s\n", cudaGetErrorName(cudaEventQuery(stop)));
    float ms = -1;
    cudaError_t e = cudaEventElapsedTime(&ms, start, stop);
    printf("elapsed=%s nonnegative=%d\n", cudaGetErrorName(e), ms >= 0.0f);
    unsigned h;
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("h=%u\n", h);
    cudaEventDestroy(start); cudaEventDestroy(stop);
    return 0;
}
