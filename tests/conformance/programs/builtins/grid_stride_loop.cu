// Checks: the grid-stride loop idiom (blockDim.x * gridDim.x stride) covering n larger than the grid.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 10007;
    float *x = new float[n], *y = new float[n];
    for (int i = 0; i < n; ++i) { x[i] = (float)(i % 17); y[i] = 2.0f; }
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
    saxpy<<<4, 64>>>(n, 3.0f, dx, dy);
    cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    int bad = 0;
    for (int i = 0; i < n; ++i) { sum += y[i]; if (y[i] != 3.0f * (i % 17) + 2.0f) ++bad; }
    printf("sum=%.1f bad=%d\n", sum, bad);
    cudaFree(dx); cudaFree(dy);
    delete[] x; delete[] y;
    return 0;
}
