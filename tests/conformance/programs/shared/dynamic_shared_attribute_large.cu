// Checks: cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize) to opt in to 64 KiB of dynamic
// shared memory (above the 48 KiB default), then a launch using it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void big_shared(int *out, int n)
{
    extern __shared__ int s[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = i;
    __syncthreads();
    long long sum = 0;
    if (threadIdx.x == 0) {
        for (int i = 0; i < n; ++i) sum += s[i];
        out[0] = (int)(sum % 1000000007);
    }
}

int main()
{
    const int bytes = 64 * 1024;
    const int n = bytes / sizeof(int);
    cudaError_t e = cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    printf("attribute: %s\n", cudaGetErrorName(e));
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    big_shared<<<1, 256, bytes>>>(d, n);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("sum=%d\n", h);
    return 0;
}
