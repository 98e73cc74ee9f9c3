// Checks: __double2int_rn/_rz/_ru/_rd, __double2float_rn/_rz (bits), __int2float_rn/_rz of a large int,
// __ll2double_rn, __float2ll_rz, __uint2float_rd.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void conv(int *i, float *f, double *d, long long *ll)
{
    i[0] = __double2int_rn(2.5); i[1] = __double2int_rn(3.5);
    i[2] = __double2int_rz(-2.9); i[3] = __double2int_ru(-2.9); i[4] = __double2int_rd(2.1);
    f[0] = __double2float_rn(0.1);
    f[1] = __double2float_rz(0.1);
    f[2] = __int2float_rn(16777217);
    f[3] = __int2float_rz(16777219);
    f[4] = __uint2float_rd(4294967295u);
    d[0] = __ll2double_rn(9007199254740993LL);
    ll[0] = __float2ll_rz(-123456.75f);
}

int main()
{
    int *di, hi[5]; float *df, hf[5]; double *dd, hd[1]; long long *dl, hl[1];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&df, sizeof hf); cudaMalloc(&dd, sizeof hd); cudaMalloc(&dl, sizeof hl);
    conv<<<1, 1>>>(di, df, dd, dl);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    printf("ints: %d %d %d %d %d\n", hi[0], hi[1], hi[2], hi[3], hi[4]);
    for (int k = 0; k < 5; ++k) { unsigned u; memcpy(&u, &hf[k], 4); printf("f[%d]=%08x\n", k, u); }
    printf("d=%.1f ll=%lld\n", hd[0], hl[0]);
    return 0;
}
