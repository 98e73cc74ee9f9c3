// Checks: __device__ function pointers taken in device code and a __device__ table of function pointers.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int add1(int x) { return x + 1; }
__device__ int dbl(int x) { return 2 * x; }
__device__ int neg(int x) { return -x; }

typedef int (*unary_fn)(int);
__device__ unary_fn table[3] = {add1, dbl, neg};

__global__ void dispatch(int *out)
{
    int t = threadIdx.x;
    unary_fn f = table[t % 3];
    unary_fn g = (t & 1) ? dbl : add1;
    out[t] = g(f(t));
}

int main()
{
    int *d, h[9];
    cudaMalloc(&d, sizeof h);
    dispatch<<<1, 9>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
