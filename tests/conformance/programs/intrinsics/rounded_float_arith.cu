// Checks: __fadd_rn/_rz/_ru/_rd, __fmul_rz/_ru, __fdiv_rn/_rd, __fsqrt_ru/_rd, __fmaf_rz and __dadd_rz/__dmul_ru,
// printed as exact bit patterns (these operations are correctly rounded, so results are exact).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void rounding(float *f, double *d)
{
    float a = 1.0f, b = 1e-8f, c = 3.0f;
    f[0] = __fadd_rn(a, b);
    f[1] = __fadd_rz(a, b);
    f[2] = __fadd_ru(a, b);
    f[3] = __fadd_rd(-a, -b);
    f[4] = __fmul_rz(1.0f / 3.0f, c);
    f[5] = __fmul_ru(1.0f / 3.0f, c);
    f[6] = __fdiv_rn(1.0f, c);
    f[7] = __fdiv_rd(1.0f, c);
    f[8] = __fsqrt_ru(2.0f);
    f[9] = __fsqrt_rd(2.0f);
    f[10] = __fmaf_rz(1.0f / 3.0f, c, -1.0f);
    d[0] = __dadd_rz(1.0, 1e-17);
    d[1] = __dmul_ru(1.0 / 3.0, 3.0);
}

int main()
{
    float *df, hf[11]; double *dd, hd[2];
    cudaMalloc(&df, sizeof hf); cudaMalloc(&dd, sizeof hd);
    rounding<<<1, 1>>>(df, dd);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 11; ++i) { unsigned u; memcpy(&u, &hf[i], 4); printf("f[%d]=%08x\n", i, u); }
    for (int i = 0; i < 2; ++i) { unsigned long long u; memcpy(&u, &hd[i], 8); printf("d[%d]=%016llx\n", i, u); }
    return 0;
}
