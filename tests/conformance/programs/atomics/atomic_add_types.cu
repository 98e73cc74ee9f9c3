// Checks: atomicAdd on int, unsigned, unsigned long long, float and double (global memory), with int literals.
#include <cstdio>
#include <cuda_runtime.h>

struct Acc { int i; unsigned u; unsigned long long ull; float f; double d; };

__global__ void accumulate(Acc *a)
{
    atomicAdd(&a->i, -1);
    atomicAdd(&a->u, 3);
    atomicAdd(&a->ull, 1ull << 33);
    atomicAdd(&a->f, 0.5f);     // 0.5 multiples are exact, order does not matter
    atomicAdd(&a->d, 0.25);
}

int main()
{
    Acc h = {0, 0, 0, 0.0f, 0.0};
    Acc *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    accumulate<<<8, 128>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("i=%d u=%u ull=%llu f=%.2f d=%.2f\n", h.i, h.u, h.ull, h.f, h.d);
    return 0;
}
