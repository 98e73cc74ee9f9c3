// Checks: a kernel template whose parameter is a functor type, deduced from the argument.
#include <cstdio>
#include <cuda_runtime.h>

struct AddN { int n; __device__ int operator()(int x) const { return x + n; } };
struct Negate { __device__ int operator()(int x) const { return -x; } };

template <typename F>
__global__ void transform(int *v, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = f(v[i]);
}

int main()
{
    int h[12];
    for (int i = 0; i < 12; ++i) h[i] = i;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    transform<<<1, 16>>>(d, 12, AddN{5});
    transform<<<1, 16>>>(d, 12, Negate());
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
