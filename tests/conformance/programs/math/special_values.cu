// Checks: isnan/isinf/isfinite/signbit (of non-NaN values), INFINITY/NAN arithmetic, division by zero and sqrt(-1) in device code.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

__global__ void specials(const float *zero, int *flags)
{
    float z = *zero;
    float inf = 1.0f / z, ninf = -1.0f / z, nan = z / z, root = sqrtf(-1.0f + z);
    float vals[5] = {inf, ninf, nan, root, -0.0f};
    for (int k = 0; k < 5; ++k) {
        flags[4 * k + 0] = isnan(vals[k]) ? 1 : 0;
        flags[4 * k + 1] = isinf(vals[k]) ? 1 : 0;
        flags[4 * k + 2] = isfinite(vals[k]) ? 1 : 0;
        // the sign of a NaN differs between GPUs (0x7fffffff) and x86 (0xffc00000): not printed
        flags[4 * k + 3] = isnan(vals[k]) ? 0 : (signbit(vals[k]) ? 1 : 0);
    }
    flags[20] = (nan == nan);
    flags[21] = (inf > 1e38f);
    flags[22] = isinf(INFINITY - 1.0f) ? 1 : 0;
    flags[23] = isnan(INFINITY - INFINITY) ? 1 : 0;
}

int main()
{
    float zero = 0.0f, *dz; int *df, h[24];
    cudaMalloc(&dz, 4); cudaMalloc(&df, sizeof h);
    cudaMemcpy(dz, &zero, 4, cudaMemcpyHostToDevice);
    specials<<<1, 1>>>(dz, df);
    cudaMemcpy(h, df, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[5] = {"inf", "-inf", "0/0", "sqrt(-1)", "-0"};
    for (int k = 0; k < 5; ++k)
        printf("%-8s isnan=%d isinf=%d isfinite=%d signbit=%d\n", names[k], h[4 * k], h[4 * k + 1], h[4 * k + 2], h[4 * k + 3]);
    printf("nan==nan:%d inf>big:%d inf-1:%d inf-inf:%d\n", h[20], h[21], h[22], h[23]);
    return 0;
}
