// Checks: cuda::std::popcount, countl_zero, countr_zero, bit_width, bit_ceil, bit_floor, has_single_bit,
// rotl/rotr in device code.
#include <cstdio>
#include <cuda/std/bit>

__global__ void bits(const unsigned *in, unsigned *out, int n)
{
    int i = threadIdx.x;
    if (i >= n) return;
    unsigned x = in[i];
    out[8 * i + 0] = cuda::std::popcount(x);
    out[8 * i + 1] = cuda::std::countl_zero(x);
    out[8 * i + 2] = cuda::std::countr_zero(x);
    out[8 * i + 3] = cuda::std::bit_width(x);
    out[8 * i + 4] = x <= 0x80000000u ? cuda::std::bit_ceil(x) : 0u;
    out[8 * i + 5] = cuda::std::bit_floor(x);
    out[8 * i + 6] = cuda::std::has_single_bit(x);
    out[8 * i + 7] = cuda::std::rotl(x, 8) ^ cuda::std::rotr(x, 4);
}

int main()
{
    const int n = 5;
    unsigned in[n] = {0u, 1u, 40u, 0x80000000u, 0xf00000ffu}, out[8 * n];
    unsigned *din, *dout;
    cudaMalloc(&din, sizeof in); cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    bits<<<1, 8>>>(din, dout, n);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        printf("%08x:", in[i]);
        for (int k = 0; k < 8; ++k) printf(" %x", out[8 * i + k]);
        printf("\n");
    }
    return 0;
}
