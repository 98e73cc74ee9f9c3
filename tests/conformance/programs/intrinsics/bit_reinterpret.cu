// Checks: __int_as_float/__float_as_int, __uint_as_float/__float_as_uint, __double_as_longlong/__longlong_as_double,
// __double2hiint/__double2loint/__hiloint2double.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reinterpret(int *i, float *f, long long *ll, double *d)
{
    i[0] = __float_as_int(1.0f);
    i[1] = __float_as_int(-0.0f);
    i[2] = (int)__float_as_uint(2.5f);
    f[0] = __int_as_float(0x40490fdb);
    f[1] = __uint_as_float(0x7f800000u);
    ll[0] = __double_as_longlong(1.0);
    d[0] = __longlong_as_double(0x4000000000000000LL);
    i[3] = __double2hiint(-2.0);
    i[4] = __double2loint(-2.0);
    d[1] = __hiloint2double(0x3ff80000, 0);
}

int main()
{
    int *di, hi[5]; float *df, hf[2]; long long *dl, hl[1]; double *dd, hd[2];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&df, sizeof hf); cudaMalloc(&dl, sizeof hl); cudaMalloc(&dd, sizeof hd);
    reinterpret<<<1, 1>>>(di, df, dl, dd);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    printf("%08x %08x %08x hi=%08x lo=%08x\n", hi[0], hi[1], hi[2], hi[3], hi[4]);
    printf("pi=%.6f inf=%f ll=%016llx two=%.1f onehalf=%.2f\n", hf[0], hf[1], hl[0], hd[0], hd[1]);
    return 0;
}
