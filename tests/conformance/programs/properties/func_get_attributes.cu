// Checks: cudaFuncGetAttributes on a kernel with a static shared array: sharedSizeBytes >= the array size,
// maxThreadsPerBlock in 1..1024 (exact register counts differ per GPU and are not printed).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void with_shared(int *out)
{
    __shared__ int s[256];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
}

int main()
{
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, with_shared);
    printf("attrs=%s shared>=1024: %d maxThreads ok: %d\n", cudaGetErrorName(e), a.sharedSizeBytes >= 1024,
           a.maxThreadsPerBlock >= 1 && a.maxThreadsPerBlock <= 1024);
    int *d, h[256];
    cudaMalloc(&d, sizeof h);
    with_shared<<<1, 256>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[255]);
    return 0;
}
