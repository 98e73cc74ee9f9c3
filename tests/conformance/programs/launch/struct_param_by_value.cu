// Checks: a struct (with an array member and a nested struct) passed to a kernel by value.
#include <cstdio>
#include <cuda_runtime.h>

struct Range { int lo, hi; };
struct Params {
    Range r;
    float weights[4];
    int *out;
};

__global__ void apply(Params p)
{
    int i = p.r.lo + threadIdx.x;
    if (i < p.r.hi) p.out[i] = (int)(p.weights[i % 4] * i);
}

int main()
{
    Params p;
    p.r.lo = 3; p.r.hi = 13;
    for (int k = 0; k < 4; ++k) p.weights[k] = 0.5f * (k + 1);
    cudaMalloc(&p.out, 16 * sizeof(int));
    cudaMemset(p.out, 0, 16 * sizeof(int));
    apply<<<1, 16>>>(p);
    int h[16];
    cudaMemcpy(h, p.out, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\nsizeof(Params)=%zu\n", sizeof(Params));
    return 0;
}
