// Checks: __device__ lambdas passed to a kernel template (requires --expt-extended-lambda) capturing by value.
// conformance-flags: --expt-extended-lambda
#include <cstdio>
#include <cuda_runtime.h>

template <typename F>
__global__ void apply(int *v, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = f(v[i], i);
}

int main()
{
    int h[20];
    for (int i = 0; i < 20; ++i) h[i] = i;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    int offset = 100;
    apply<<<1, 32>>>(d, 20, [=] __device__(int x, int i) { return x * x + offset + (i & 1); });
    auto halve = [] __host__ __device__(int x, int) { return x / 2; };
    apply<<<1, 32>>>(d, 20, halve);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\nhost side: %d\n", halve(9, 0));
    return 0;
}
