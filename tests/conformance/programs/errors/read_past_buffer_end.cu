// Checks: a kernel that runs past the end of its cudaMalloc buffers (the classic slip of passing
// the size in bytes where the kernel expects elements, so the grid-stride loop covers four times
// the array) stops with cudaErrorIllegalAddress: the next synchronising call returns it, and the
// error is sticky. Only names are printed.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(const float *in, float *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = 2.0f * in[i];
}

int main()
{
    const int count = 1 << 20;
    float *in, *out;
    cudaMalloc(&out, count * sizeof(float));
    cudaMalloc(&in, count * sizeof(float));
    cudaMemset(in, 0, count * sizeof(float));

    scale<<<64, 256>>>(in, out, count * sizeof(float));   // bytes, not elements
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    float first;
    printf("memcpy after: %s\n", cudaGetErrorName(cudaMemcpy(&first, out, sizeof first, cudaMemcpyDeviceToHost)));
    printf("sync again: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
