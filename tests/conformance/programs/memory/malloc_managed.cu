// Checks: cudaMallocManaged memory written on the host, updated by a kernel, read on the host after sync;
// a __managed__ global variable.
#include <cstdio>
#include <cuda_runtime.h>

__managed__ int total = 0;

__global__ void square_and_sum(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        v[i] = v[i] * v[i];
        atomicAdd(&total, v[i]);
    }
}

int main()
{
    const int n = 100;
    int *v;
    cudaMallocManaged(&v, n * sizeof(int));
    for (int i = 0; i < n; ++i) v[i] = i - 50;
    square_and_sum<<<2, 64>>>(v, n);
    cudaDeviceSynchronize();
    printf("v[0]=%d v[99]=%d total=%d\n", v[0], v[n - 1], total);
    cudaFree(v);
    return 0;
}
