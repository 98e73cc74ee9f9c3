// Checks: __brev/__brevll bit reversal and __byte_perm selector semantics (including sign-replicate mode bits).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void perm(unsigned *out, unsigned long long *out64)
{
    out[0] = __brev(1u);
    out[1] = __brev(0x12345678u);
    out64[0] = __brevll(0x1ull);
    out64[1] = __brevll(0x00000000ffff0000ull);
    unsigned x = 0x33221100u, y = 0x77665544u;
    out[2] = __byte_perm(x, y, 0x3210);
    out[3] = __byte_perm(x, y, 0x7654);
    out[4] = __byte_perm(x, y, 0x0123);
    out[5] = __byte_perm(x, y, 0x5140);
    out[6] = __byte_perm(x, y, 0x4444);
    out[7] = __byte_perm(x, y, 0x1111);
}

int main()
{
    unsigned *d, h[8];
    unsigned long long *d64, h64[2];
    cudaMalloc(&d, sizeof h); cudaMalloc(&d64, sizeof h64);
    perm<<<1, 1>>>(d, d64);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(h64, d64, sizeof h64, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("out[%d]=%08x\n", i, h[i]);
    printf("brevll: %016llx %016llx\n", h64[0], h64[1]);
    return 0;
}
