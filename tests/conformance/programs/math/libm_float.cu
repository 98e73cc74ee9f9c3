// Checks: single-precision libm functions in device code (sinf, cosf, tanf, expf, logf, log2f, log10f, powf,
// atan2f, sinhf, erff, cbrtf, hypotf, tgammaf), printed with 5 decimals to hide last-ulp differences.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

__global__ void funcs(const float *x, float *out, int n)
{
    int i = threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float *o = out + 14 * i;
    o[0] = sinf(v); o[1] = cosf(v); o[2] = tanf(v); o[3] = expf(v);
    o[4] = logf(v); o[5] = log2f(v); o[6] = log10f(v); o[7] = powf(v, 1.5f);
    o[8] = atan2f(v, 2.0f); o[9] = sinhf(v); o[10] = erff(v); o[11] = cbrtf(v);
    o[12] = hypotf(v, 3.0f); o[13] = tgammaf(v);
}

int main()
{
    const int n = 5;
    float x[n] = {0.25f, 0.7f, 1.3f, 2.2f, 3.6f};
    float *dx, *dout, h[14 * n];
    cudaMalloc(&dx, sizeof x); cudaMalloc(&dout, sizeof h);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    funcs<<<1, 32>>>(dx, dout, n);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[14] = {"sin", "cos", "tan", "exp", "log", "log2", "log10", "pow1.5", "atan2", "sinh", "erf", "cbrt", "hypot", "tgamma"};
    for (int i = 0; i < n; ++i) {
        printf("x=%.2f", x[i]);
        for (int k = 0; k < 14; ++k) printf(" %s=%.4f", names[k], h[14 * i + k]);
        printf("\n");
    }
    return 0;
}
