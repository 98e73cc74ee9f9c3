// Checks: __funnelshift_l/_r (shift masked to 0..31) and __funnelshift_lc/_rc (shift clamped to 32).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void funnel(unsigned *out)
{
    unsigned lo = 0x89abcdefu, hi = 0x01234567u;
    unsigned shifts[5] = {0, 4, 31, 32, 36};
    for (int k = 0; k < 5; ++k) {
        out[4 * k + 0] = __funnelshift_l(lo, hi, shifts[k]);
        out[4 * k + 1] = __funnelshift_r(lo, hi, shifts[k]);
        out[4 * k + 2] = __funnelshift_lc(lo, hi, shifts[k]);
        out[4 * k + 3] = __funnelshift_rc(lo, hi, shifts[k]);
    }
}

int main()
{
    unsigned *d, h[20];
    cudaMalloc(&d, sizeof h);
    funnel<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    unsigned shifts[5] = {0, 4, 31, 32, 36};
    for (int k = 0; k < 5; ++k)
        printf("shift %2u: l=%08x r=%08x lc=%08x rc=%08x\n", shifts[k], h[4 * k], h[4 * k + 1], h[4 * k + 2], h[4 * k + 3]);
    return 0;
}
