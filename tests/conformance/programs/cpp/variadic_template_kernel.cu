// Checks: a variadic kernel template (parameter pack expanded with a fold expression) and a device helper pack.
#include <cstdio>
#include <cuda_runtime.h>

template <typename... Ts>
__device__ long long sum_all(Ts... xs) { return (0LL + ... + (long long)xs); }

template <typename... Args>
__global__ void pack(long long *out, Args... args)
{
    out[threadIdx.x] = sum_all(args...) * (threadIdx.x + 1) + (long long)sizeof...(Args);
}

int main()
{
    long long *d, h[4];
    cudaMalloc(&d, sizeof h);
    pack<<<1, 4>>>(d, 1, 2u, 3LL, (short)4, 'A');
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%lld %lld %lld %lld\n", h[0], h[1], h[2], h[3]);
    pack<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%lld %lld\n", h[0], h[3]);
    return 0;
}
