// Checks: __saturatef, fminf/fmaxf with NaN operands, integer min/max/abs/llabs overloads in device code.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void clamp(float *f, long long *i)
{
    f[0] = __saturatef(-3.0f);
    f[1] = __saturatef(0.25f);
    f[2] = __saturatef(7.0f);
    f[3] = fminf(nanf(""), 2.0f);
    f[4] = fmaxf(-1.0f, nanf(""));
    i[0] = min(-3, 4);
    i[1] = max(5u, 9u);
    i[2] = abs(-17);
    i[3] = llabs(-12345678901LL);
    i[4] = min(10LL, -20LL);
    i[5] = umax(3u, 8u);
}

int main()
{
    float *df, hf[5]; long long *di, hi[6];
    cudaMalloc(&df, sizeof hf); cudaMalloc(&di, sizeof hi);
    clamp<<<1, 1>>>(df, di);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    printf("sat: %.2f %.2f %.2f nan-aware: %.1f %.1f\n", hf[0], hf[1], hf[2], hf[3], hf[4]);
    printf("ints: %lld %lld %lld %lld %lld %lld\n", hi[0], hi[1], hi[2], hi[3], hi[4], hi[5]);
    return 0;
}
