// Checks: __mul24/__umul24 (low 24 bits of operands), __mulhi/__umulhi, __mul64hi/__umul64hi.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mults(int *i32, unsigned *u32, long long *i64, unsigned long long *u64)
{
    i32[0] = __mul24(1000, 2000);
    i32[1] = __mul24(-3, 5000);
    i32[2] = __mulhi(0x40000000, 8);
    i32[3] = __mulhi(-7, 0x7fffffff);
    u32[0] = __umul24(0x00ffffffu, 2u);
    u32[1] = __umul24(0x01000003u, 5u);   // the bits above 24 are ignored
    u32[2] = __umulhi(0xffffffffu, 0xffffffffu);
    u32[3] = __umulhi(0x80000000u, 6u);
    i64[0] = __mul64hi(-1LL, 5LL);
    i64[1] = __mul64hi(0x4000000000000000LL, 12LL);
    u64[0] = __umul64hi(~0ull, ~0ull);
    u64[1] = __umul64hi(1ull << 63, 10ull);
}

int main()
{
    int *di, hi[4]; unsigned *du, hu[4]; long long *dl, hl[2]; unsigned long long *dul, hul[2];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&du, sizeof hu); cudaMalloc(&dl, sizeof hl); cudaMalloc(&dul, sizeof hul);
    mults<<<1, 1>>>(di, du, dl, dul);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    cudaMemcpy(hul, dul, sizeof hul, cudaMemcpyDeviceToHost);
    printf("mul24: %d %d mulhi: %d %d\n", hi[0], hi[1], hi[2], hi[3]);
    printf("umul24: %u %u umulhi: %08x %u\n", hu[0], hu[1], hu[2], hu[3]);
    printf("mul64hi: %lld %lld umul64hi: %016llx %llu\n", hl[0], hl[1], hul[0], hul[1]);
    return 0;
}
