// Checks: cudaGetSymbolAddress / cudaGetSymbolSize of a __device__ array; the address is used with cudaMemcpy
// and passed to a kernel as an ordinary pointer.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int data[10];

__global__ void inc(int *p, int n)
{
    if (threadIdx.x < n) p[threadIdx.x] += 1;
}

__global__ void read_direct(int *out) { out[threadIdx.x] = data[threadIdx.x] * 2; }

int main()
{
    int *addr = nullptr;
    size_t size = 0;
    printf("%s ", cudaGetErrorName(cudaGetSymbolAddress((void **)&addr, data)));
    // The call before the printf: the order a printf's arguments are evaluated in is unspecified
    // (GCC reads `size` first, clang last).
    const cudaError_t sized = cudaGetSymbolSize(&size, data);
    printf("%s size=%zu\n", cudaGetErrorName(sized), size);
    int h[10];
    for (int i = 0; i < 10; ++i) h[i] = i * 5;
    cudaMemcpy(addr, h, sizeof h, cudaMemcpyHostToDevice);
    inc<<<1, 16>>>(addr, 10);
    int *dout;
    cudaMalloc(&dout, sizeof h);
    read_direct<<<1, 10>>>(dout);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
