// Checks: cudaMemsetAsync and cudaMemcpyAsync(DeviceToDevice) on the default stream, ordered with a kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mark(unsigned char *v) { v[threadIdx.x * 2] = 0x11; }

int main()
{
    unsigned char *a, *b, h[64];
    cudaMalloc(&a, 64); cudaMalloc(&b, 64);
    cudaMemsetAsync(a, 0x22, 64);
    mark<<<1, 32>>>(a);
    cudaMemcpyAsync(b, a, 64, cudaMemcpyDeviceToDevice, 0);
    cudaMemsetAsync(b + 60, 0x33, 4, 0);
    cudaMemcpy(h, b, 64, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("%02x", h[i]);
    printf(" ... ");
    for (int i = 56; i < 64; ++i) printf("%02x", h[i]);
    printf("\n");
    return 0;
}
