// Checks: double-precision libm in device code (sin, cos, exp, log, pow, sqrt, atan, asinh, expm1, log1p,
// fmod, remainder, floor, ceil, trunc, round, rint), transcendental ones printed with 9 decimals.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

__global__ void funcs(double x, double *o)
{
    o[0] = sin(x); o[1] = cos(x); o[2] = exp(x); o[3] = log(x); o[4] = pow(x, 0.3);
    o[5] = atan(x); o[6] = asinh(x); o[7] = expm1(x * 1e-6); o[8] = log1p(x * 1e-6);
    o[9] = fmod(x * 10.0, 3.0); o[10] = remainder(x * 10.0, 3.0); o[11] = floor(-x); o[12] = ceil(-x);
    o[13] = trunc(-x); o[14] = round(x + 0.5); o[15] = rint(2.5); o[16] = sqrt(x);
}

int main()
{
    double *d, h[17];
    cudaMalloc(&d, sizeof h);
    double xs[3] = {0.5, 1.75, 4.25};
    for (double x : xs) {
        funcs<<<1, 1>>>(x, d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("x=%.2f:", x);
        for (int k = 0; k < 9; ++k) printf(" %.9f", h[k]);
        printf(" |");
        for (int k = 9; k < 17; ++k) printf(" %.17g", h[k]);
        printf("\n");
    }
    return 0;
}
