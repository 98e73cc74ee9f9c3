// Checks: a per-thread serial float loop gives the same bits on GPU and CPU when written without contraction
// opportunities (__fadd_rn/__fmul_rn prevent FMA fusion), printed as hex.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void series(float *out)
{
    float acc = 0.0f, term = 1.0f;
    for (int k = 1; k <= 30; ++k) {
        term = __fmul_rn(term, 0.9f);
        acc = __fadd_rn(acc, __fdiv_rn(term, (float)k));
    }
    out[threadIdx.x] = __fadd_rn(acc, (float)threadIdx.x);
}

int main()
{
    float *d, h[4];
    cudaMalloc(&d, sizeof h);
    series<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (float v : h) { unsigned u; memcpy(&u, &v, 4); printf("%08x %.6f\n", u, v); }
    return 0;
}
