// Checks: half and bfloat16 bit for bit, over every 16-bit pattern: the value as a float, + - * /
// and fma against fixed operands (normal, subnormal, NaN and infinite results included), max/min,
// the comparisons, the integer conversions in each rounding mode; and float -> half/bfloat16 and
// int -> half in all four rounding modes over 65536 spread 32-bit patterns. One FNV-1a hash per
// operation, so a single differing bit shows as a differing line.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

constexpr int N = 65536;
constexpr int OPS = 24;

__global__ void compute(unsigned *out)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    const __half x = __ushort_as_half((unsigned short)i);
    const __half a = __float2half(1.5f), b = __float2half(-0.00007f), c = __float2half(3.0e-7f);
    const __nv_bfloat16 xb = __ushort_as_bfloat16((unsigned short)i);
    const __nv_bfloat16 ab = __float2bfloat16(1.5f), bb = __float2bfloat16(-7.0e-30f);
    const float f = __uint_as_float((i << 16) | ((i * 40503u) & 0xffffu));
    const int n = (int)(i * 2654435761u);
    unsigned *o = out + i * OPS;
    o[0] = __float_as_uint(__half2float(x));
    o[1] = __half_as_ushort(__hadd(x, a));
    o[2] = __half_as_ushort(__hsub(x, b));
    o[3] = __half_as_ushort(__hmul(x, b));
    o[4] = __half_as_ushort(__hdiv(x, a));
    o[5] = __half_as_ushort(__hfma(x, a, c));
    o[6] = __half_as_ushort(__hmax(x, b)) | (__half_as_ushort(__hmin(x, a)) << 16);
    o[7] = __hlt(x, a) | (__hle(x, b) << 1) | (__heq(x, x) << 2) | (__hne(x, a) << 3) | (__hgeu(x, b) << 4) | (__hisnan(x) << 5);
    o[8] = (unsigned)__half2int_rn(x) ^ ((unsigned)__half2int_rz(x) * 3u);
    o[9] = (unsigned)__half2int_rd(x) ^ ((unsigned)__half2int_ru(x) * 5u);
    o[10] = __half_as_ushort(__float2half_rn(f)) | (__half_as_ushort(__float2half_rz(f)) << 16);
    o[11] = __half_as_ushort(__float2half_rd(f)) | (__half_as_ushort(__float2half_ru(f)) << 16);
    o[12] = __bfloat16_as_ushort(__float2bfloat16_rn(f)) | (__bfloat16_as_ushort(__float2bfloat16_rz(f)) << 16);
    o[13] = __bfloat16_as_ushort(__float2bfloat16_rd(f)) | (__bfloat16_as_ushort(__float2bfloat16_ru(f)) << 16);
    o[14] = __half_as_ushort(__int2half_rn(n)) | (__half_as_ushort(__int2half_rz(n)) << 16);
    o[15] = __half_as_ushort(__int2half_rd(n)) | (__half_as_ushort(__int2half_ru(n)) << 16);
    o[16] = __float_as_uint(__bfloat162float(xb));
    o[17] = __bfloat16_as_ushort(__hadd(xb, ab)) | (__bfloat16_as_ushort(__hmul(xb, bb)) << 16);
    o[18] = __bfloat16_as_ushort(__hfma(xb, ab, bb)) | (__bfloat16_as_ushort(__hdiv(xb, ab)) << 16);
    __half2 p = __hmul2(__halves2half2(x, a), __halves2half2(b, x));
    o[19] = __half_as_ushort(__low2half(p)) | (__half_as_ushort(__high2half(p)) << 16);
    o[20] = __half_as_ushort(hsqrt(x));
    o[21] = __half_as_ushort(hrcp(x));
    o[22] = __half_as_ushort(__double2half((double)f * 1.0000001));
    o[23] = (unsigned)__half2short_rn(x) ^ ((unsigned)__half2uint_rz(x) << 8);
}

int main(int argc, char **argv)
{
    unsigned *d;
    static unsigned h[N * OPS];
    cudaMalloc(&d, sizeof h);
    compute<<<N / 256, 256>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (argc > 1) {  // every result, to find the differing ones: half_bits_exhaustive dump.bin
        FILE *f = fopen(argv[1], "wb");
        if (f) { fwrite(h, sizeof h, 1, f); fclose(f); }
    }
    const char *names[OPS] = {"half2float", "hadd", "hsub", "hmul", "hdiv", "hfma", "hmax/hmin", "compare",
                              "half2int rn/rz", "half2int rd/ru", "float2half rn/rz", "float2half rd/ru",
                              "float2bf16 rn/rz", "float2bf16 rd/ru", "int2half rn/rz", "int2half rd/ru",
                              "bf162float", "bf16 add/mul", "bf16 fma/div", "hmul2", "hsqrt", "hrcp",
                              "double2half", "half2short/uint"};
    for (int op = 0; op < OPS; ++op) {
        unsigned hash = 2166136261u;
        for (int i = 0; i < N; ++i) {
            unsigned v = h[i * OPS + op];
            for (int k = 0; k < 4; ++k) { hash ^= (v >> (8 * k)) & 0xff; hash *= 16777619u; }
        }
        printf("%-18s %08x\n", names[op], hash);
    }
    return 0;
}
