// Checks: scoped atomics atomicAdd_block / atomicAdd_system / atomicMax_block / atomicCAS_block / atomicExch_system.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scoped(int *blocksum, unsigned *sys, int *bmax, int *cas)
{
    __shared__ int local;
    if (threadIdx.x == 0) local = 0;
    __syncthreads();
    atomicAdd_block(&local, (int)threadIdx.x);
    atomicAdd_system(sys, 1u);
    atomicMax_block(&bmax[blockIdx.x], (int)threadIdx.x * (int)(blockIdx.x + 1));
    __syncthreads();
    if (threadIdx.x == 0) {
        blocksum[blockIdx.x] = local;
        atomicCAS_block(&cas[blockIdx.x], 0, 10 + (int)blockIdx.x);
        atomicExch_system(&cas[4 + blockIdx.x], 99);
    }
}

int main()
{
    int *bs, *bm, *cas; unsigned *sys;
    cudaMalloc(&bs, 16); cudaMalloc(&bm, 16); cudaMalloc(&cas, 32); cudaMalloc(&sys, 4);
    cudaMemset(bm, 0, 16); cudaMemset(cas, 0, 32); cudaMemset(sys, 0, 4);
    scoped<<<4, 64>>>(bs, sys, bm, cas);
    int hbs[4], hbm[4], hc[8]; unsigned hs;
    cudaMemcpy(hbs, bs, 16, cudaMemcpyDeviceToHost);
    cudaMemcpy(hbm, bm, 16, cudaMemcpyDeviceToHost);
    cudaMemcpy(hc, cas, 32, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hs, sys, 4, cudaMemcpyDeviceToHost);
    printf("sys=%u\n", hs);
    for (int b = 0; b < 4; ++b) printf("block %d: sum=%d max=%d cas=%d exch=%d\n", b, hbs[b], hbm[b], hc[b], hc[4 + b]);
    return 0;
}
