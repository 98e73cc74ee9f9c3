// Checks: one dynamic shared allocation carved into several arrays of different types (Guide: all extern
// __shared__ arrays start at the same address, so later arrays are offsets into the first).
#include <cstdio>
#include <cuda_runtime.h>

extern __shared__ float array[];

__global__ void carve(int nfloat, int nint, float *fout, int *iout)
{
    float *f = array;
    int *i = (int *)&f[nfloat];
    short *s = (short *)&i[nint];
    int t = threadIdx.x;
    if (t < nfloat) f[t] = t * 1.5f;
    if (t < nint) i[t] = t * 7;
    s[t] = (short)(t - 10);
    __syncthreads();
    if (t < nfloat) fout[t] = f[nfloat - 1 - t] + s[t];
    if (t < nint) iout[t] = i[nint - 1 - t] + s[t];
}

int main()
{
    const int nf = 16, ni = 24, threads = 32;
    float *df, hf[nf];
    int *di, hi[ni];
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&di, sizeof hi);
    size_t bytes = nf * sizeof(float) + ni * sizeof(int) + threads * sizeof(short);
    carve<<<1, threads, bytes>>>(nf, ni, df, di);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    printf("f: %.1f %.1f %.1f\n", hf[0], hf[5], hf[15]);
    printf("i: %d %d %d\n", hi[0], hi[5], hi[23]);
    return 0;
}
