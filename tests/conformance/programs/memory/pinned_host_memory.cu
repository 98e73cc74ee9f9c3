// Checks: cudaMallocHost / cudaHostAlloc(cudaHostAllocDefault) pinned buffers as copy source and target; cudaFreeHost.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void twice(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= 2;
}

int main()
{
    const int n = 4096;
    int *pinned, *pinned2, *d;
    printf("%s ", cudaGetErrorName(cudaMallocHost(&pinned, n * sizeof(int))));
    printf("%s\n", cudaGetErrorName(cudaHostAlloc((void **)&pinned2, n * sizeof(int), cudaHostAllocDefault)));
    for (int i = 0; i < n; ++i) pinned[i] = i;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, pinned, n * sizeof(int), cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(pinned2, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i) s += pinned2[i];
    printf("sum=%lld\n", s);
    cudaFreeHost(pinned); cudaFreeHost(pinned2); cudaFree(d);
    return 0;
}
