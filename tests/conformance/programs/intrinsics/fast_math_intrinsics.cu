// Checks: __sinf/__cosf/__expf/__logf/__fdividef/__powf/__frcp_rn/__fsqrt_rn: approximate ones printed with
// 3 decimals (their documented error is far below that), correctly rounded ones as bits.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fast(float *f)
{
    f[0] = __sinf(0.5f);
    f[1] = __cosf(0.5f);
    f[2] = __expf(1.0f);
    f[3] = __logf(10.0f);
    f[4] = __fdividef(10.0f, 4.0f);
    f[5] = __powf(2.0f, 10.0f);
    f[6] = __frcp_rn(3.0f);
    f[7] = __fsqrt_rn(10.0f);
    f[8] = __frsqrt_rn(4.0f);
}

int main()
{
    float *d, h[9];
    cudaMalloc(&d, sizeof h);
    fast<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("sin=%.3f cos=%.3f exp=%.3f log=%.3f div=%.3f pow=%.1f\n", h[0], h[1], h[2], h[3], h[4], h[5]);
    for (int i = 6; i < 9; ++i) { unsigned u; memcpy(&u, &h[i], 4); printf("bits[%d]=%08x\n", i, u); }
    return 0;
}
