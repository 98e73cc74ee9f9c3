// Checks: IEEE-correctly-rounded float/double + - * / sqrt and fma in device code, printed as exact hex bits.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void ops(const float *a, const float *b, float *f, const double *c, double *d, int n)
{
    int i = threadIdx.x;
    if (i >= n) return;
    f[6 * i + 0] = a[i] + b[i];
    f[6 * i + 1] = a[i] - b[i];
    f[6 * i + 2] = a[i] * b[i];
    f[6 * i + 3] = a[i] / b[i];
    f[6 * i + 4] = sqrtf(a[i]);
    f[6 * i + 5] = fmaf(a[i], b[i], -1.0f);
    d[3 * i + 0] = c[i] / 7.0;
    d[3 * i + 1] = sqrt(c[i]);
    d[3 * i + 2] = fma(c[i], c[i], -c[i]);
}

int main()
{
    const int n = 4;
    float a[n] = {1.1f, 3.0f, 1e30f, 0.1f}, b[n] = {2.3f, 7.0f, 3e-30f, 0.2f}, f[6 * n];
    double c[n] = {2.0, 10.0, 1e-300, 12345.678}, d[3 * n];
    float *da, *db, *df; double *dc, *dd;
    cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&df, sizeof f);
    cudaMalloc(&dc, sizeof c); cudaMalloc(&dd, sizeof d);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    ops<<<1, 32>>>(da, db, df, dc, dd, n);
    cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < 6; ++k) { unsigned u; memcpy(&u, &f[6 * i + k], 4); printf("%08x ", u); }
        for (int k = 0; k < 3; ++k) { unsigned long long u; memcpy(&u, &d[3 * i + k], 8); printf("%016llx ", u); }
        printf("\n");
    }
    return 0;
}
