// Checks: __float2half (round to nearest), __half2float, __hadd/__hmul on __half, __float2half_rz, half2 ops.
#include <cstdio>
#include <cuda_fp16.h>

__global__ void halves(float *out, unsigned short *bits)
{
    __half a = __float2half(1.0f), b = __float2half(0.0001f);
    __half s = __hadd(a, __float2half(2.5f));
    __half p = __hmul(s, __float2half(-2.0f));
    out[0] = __half2float(s);
    out[1] = __half2float(p);
    out[2] = __half2float(b);
    __half2 v = __halves2half2(a, s);
    __half2 w = __hmul2(v, v);
    out[3] = __low2float(w);
    out[4] = __high2float(w);
    bits[0] = __half_as_ushort(__float2half(65504.0f));
    bits[1] = __half_as_ushort(__float2half_rz(1.0009765625f + 0.0004f));
    bits[2] = __half_as_ushort(__float2half(1e6f));
}

int main()
{
    float *df, hf[5]; unsigned short *db, hb[3];
    cudaMalloc(&df, sizeof hf); cudaMalloc(&db, sizeof hb);
    halves<<<1, 1>>>(df, db);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, db, sizeof hb, cudaMemcpyDeviceToHost);
    printf("%.4f %.4f %.8f %.4f %.4f\n", hf[0], hf[1], hf[2], hf[3], hf[4]);
    printf("bits: %04x %04x %04x\n", hb[0], hb[1], hb[2]);
    return 0;
}
