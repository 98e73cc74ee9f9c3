// Checks: an extern "C" __global__ kernel (unmangled name) launched with <<<>>>.
#include <cstdio>
#include <cuda_runtime.h>

extern "C" __global__ void c_style_fill(int *v, int n, int value)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = value - i;
}

int main()
{
    int *d, h[10];
    cudaMalloc(&d, sizeof h);
    c_style_fill<<<1, 16>>>(d, 10, 50);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
