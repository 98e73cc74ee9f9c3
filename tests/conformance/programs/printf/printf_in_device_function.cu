// Checks: printf called from a __device__ helper and a __host__ __device__ function (host and device sides).
#include <cstdio>
#include <cuda_runtime.h>

__device__ void log_value(const char *name, int v) { printf("%s = %d\n", name, v); }
__host__ __device__ void where(int tag)
{
#ifdef __CUDA_ARCH__
    printf("device tag %d\n", tag);
#else
    printf("host tag %d\n", tag);
#endif
}

__global__ void kernel(const int *v)
{
    if (threadIdx.x == 3) {
        log_value("v[3]", v[3]);
        where(1);
    }
}

int main()
{
    int h[4] = {10, 20, 30, 40}, *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    where(0);
    kernel<<<1, 4>>>(d);
    cudaDeviceSynchronize();
    where(2);
    return 0;
}
