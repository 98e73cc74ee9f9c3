// Checks: butterfly all-reduce with __shfl_xor_sync: every lane ends with the warp maximum and sum.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void allreduce(const int *in, int *mx, int *sm)
{
    int v = in[threadIdx.x], s = v;
    for (int m = 16; m >= 1; m /= 2) {
        v = max(v, __shfl_xor_sync(0xffffffff, v, m));
        s += __shfl_xor_sync(0xffffffff, s, m);
    }
    mx[threadIdx.x] = v;
    sm[threadIdx.x] = s;
}

int main()
{
    int h[32], a[32], b[32];
    for (int i = 0; i < 32; ++i) h[i] = (i * 13) % 29 - 7;
    int *din, *dm, *ds;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dm, sizeof a); cudaMalloc(&ds, sizeof b);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    allreduce<<<1, 32>>>(din, dm, ds);
    cudaMemcpy(a, dm, sizeof a, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, ds, sizeof b, cudaMemcpyDeviceToHost);
    int uniform = 1;
    for (int i = 0; i < 32; ++i) uniform &= a[i] == a[0] && b[i] == b[0];
    printf("max=%d sum=%d uniform=%d\n", a[0], b[0], uniform);
    return 0;
}
