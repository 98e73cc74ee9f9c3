// Checks: sincosf/sincos, sincospif, exp10f, rsqrtf, rcbrtf, normf/norm3df, fdimf, copysignf, ldexpf, frexpf,
// modff, ilogbf, nextafterf (exact ones printed with %a, others with 5 decimals).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void funcs(float *f, int *i, double *d)
{
    float s, c;
    sincosf(0.3f, &s, &c); f[0] = s; f[1] = c;
    double ds, dc;
    sincos(0.3, &ds, &dc); d[0] = ds; d[1] = dc;
    sincospif(0.25f, &s, &c); f[2] = s; f[3] = c;
    f[4] = exp10f(1.5f); f[5] = rsqrtf(2.0f); f[6] = rcbrtf(8.0f);
    float v[3] = {1.0f, 2.0f, 2.0f};
    f[7] = norm3df(v[0], v[1], v[2]); f[8] = normf(3, v);
    f[9] = fdimf(5.0f, 7.5f); f[10] = copysignf(3.0f, -0.0f); f[11] = ldexpf(0.75f, 5);
    int e; f[12] = frexpf(48.0f, &e); i[0] = e;
    float ip; f[13] = modff(-3.25f, &ip); f[14] = ip;
    i[1] = ilogbf(1000.0f);
    f[15] = nextafterf(1.0f, 2.0f);
}

int main()
{
    float *df, h[16]; int *di, hi[2]; double *dd, hd[2];
    cudaMalloc(&df, sizeof h); cudaMalloc(&di, sizeof hi); cudaMalloc(&dd, sizeof hd);
    funcs<<<1, 1>>>(df, di, dd);
    cudaMemcpy(h, df, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    printf("sincosf %.5f %.5f sincos %.9f %.9f sincospif %.5f %.5f\n", h[0], h[1], hd[0], hd[1], h[2], h[3]);
    printf("exp10f %.3f rsqrtf %.5f rcbrtf %.5f norm3d %.5f norm %.5f\n", h[4], h[5], h[6], h[7], h[8]);
    printf("fdim %a copysign %a ldexp %a frexp %a e=%d modf %a ip %a ilogb %d next %a\n", h[9], h[10], h[11], h[12], hi[0], h[13], h[14], hi[1], h[15]);
    return 0;
}
