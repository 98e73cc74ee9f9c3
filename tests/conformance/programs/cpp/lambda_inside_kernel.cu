// Checks: ordinary (non-annotated) lambdas defined and called inside device code, capturing locals by reference.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *out)
{
    int base = threadIdx.x * 10;
    auto add = [&](int x) { base += x; return base; };
    auto sq = [](int x) { return x * x; };
    add(3);
    out[threadIdx.x] = add(sq(threadIdx.x));
}

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    k<<<1, 8>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
