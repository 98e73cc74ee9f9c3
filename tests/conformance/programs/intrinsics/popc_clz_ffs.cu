// Checks: __popc/__popcll, __clz/__clzll, __ffs/__ffsll on edge values (0, 1, all ones, top bit).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bits(const unsigned *u, const unsigned long long *ull, int *out, int n)
{
    int i = threadIdx.x;
    if (i < n) {
        out[6 * i + 0] = __popc(u[i]);
        out[6 * i + 1] = __clz((int)u[i]);
        out[6 * i + 2] = __ffs((int)u[i]);
        out[6 * i + 3] = __popcll(ull[i]);
        out[6 * i + 4] = __clzll((long long)ull[i]);
        out[6 * i + 5] = __ffsll((long long)ull[i]);
    }
}

int main()
{
    const int n = 6;
    unsigned u[n] = {0u, 1u, 0xffffffffu, 0x80000000u, 0x00f0f000u, 12345u};
    unsigned long long ull[n] = {0ull, 1ull, ~0ull, 1ull << 63, 0x0000ff0000000000ull, 0x123456789ull};
    unsigned *du; unsigned long long *dull; int *dout, h[6 * n];
    cudaMalloc(&du, sizeof u); cudaMalloc(&dull, sizeof ull); cudaMalloc(&dout, sizeof h);
    cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice);
    cudaMemcpy(dull, ull, sizeof ull, cudaMemcpyHostToDevice);
    bits<<<1, 32>>>(du, dull, dout, n);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        printf("%08x %016llx: popc=%d clz=%d ffs=%d popcll=%d clzll=%d ffsll=%d\n", u[i], ull[i],
               h[6 * i], h[6 * i + 1], h[6 * i + 2], h[6 * i + 3], h[6 * i + 4], h[6 * i + 5]);
    return 0;
}
