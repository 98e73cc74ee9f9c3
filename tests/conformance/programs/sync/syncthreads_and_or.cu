// Checks: __syncthreads_and / __syncthreads_or return non-zero iff all / any predicates are non-zero.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void votes(int mode, int *out)
{
    int t = threadIdx.x;
    int pred;
    switch (mode) {
    case 0: pred = 1; break;              // all true
    case 1: pred = (t == 77); break;      // one true
    default: pred = 0; break;             // none true
    }
    int a = __syncthreads_and(pred);
    int o = __syncthreads_or(pred);
    if (t == 0) { out[0] = a != 0; out[1] = o != 0; }
}

int main()
{
    int *d, h[2];
    cudaMalloc(&d, sizeof h);
    for (int mode = 0; mode < 3; ++mode) {
        votes<<<1, 128>>>(mode, d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("mode %d: and=%d or=%d\n", mode, h[0], h[1]);
    }
    return 0;
}
