// Checks: constexpr functions and variables used in device code (array bounds, template args, static_assert):
// a plain constexpr function (needs --expt-relaxed-constexpr) and a __host__ __device__ constexpr one.
// conformance-flags: --expt-relaxed-constexpr
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kBlock = 64;
constexpr int square(int x) { return x * x; }
__host__ __device__ constexpr int log2_floor(int x) { return x <= 1 ? 0 : 1 + log2_floor(x / 2); }
static_assert(log2_floor(kBlock) == 6, "block size is 2^6");

template <int N>
struct Pow2 { static constexpr int value = 1 << N; };

__global__ void k(int *out)
{
    __shared__ int buf[square(8)];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    constexpr int shift = log2_floor(kBlock);
    out[threadIdx.x] = buf[kBlock - 1 - threadIdx.x] + (Pow2<shift>::value << 8) + square(3);
}

int main()
{
    int *d, h[kBlock];
    cudaMalloc(&d, sizeof h);
    k<<<1, kBlock>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[32], h[63]);
    return 0;
}
