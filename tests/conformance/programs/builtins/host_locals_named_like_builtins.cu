// Checks: host code may use local variables called blockDim/gridDim (they are only built-ins in device code).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *v, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= s;
}

int main()
{
    int n = 1000;
    int blockDim = 128;
    int gridDim = (n + blockDim - 1) / blockDim;
    float *h = new float[n];
    for (int i = 0; i < n; ++i) h[i] = (float)i;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<gridDim, blockDim>>>(d, n, 0.5f);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i) s += h[i];
    printf("gridDim=%d blockDim=%d sum=%.1f last=%.1f\n", gridDim, blockDim, s, h[n - 1]);
    cudaFree(d);
    delete[] h;
    return 0;
}
