// Checks: a kernel with default arguments, launched with and without the trailing ones.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void affine(int *v, int n, int mul = 2, int add = 1)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * mul + add;
}

int main()
{
    int h[10];
    for (int i = 0; i < 10; ++i) h[i] = i;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    affine<<<1, 16>>>(d, 10);
    affine<<<1, 16>>>(d, 10, 3);
    affine<<<1, 16>>>(d, 5, 1, -100);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
