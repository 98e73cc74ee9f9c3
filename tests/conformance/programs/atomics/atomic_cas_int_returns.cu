// Checks: atomicCAS on int, unsigned, unsigned long long and unsigned short returns the old value; only the
// matching compare succeeds (one winner among many threads).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void race(int *slot, int *winners, unsigned long long *big, unsigned short *small)
{
    int old = atomicCAS(slot, -1, 7);
    if (old == -1) atomicAdd(winners, 1);
    atomicCAS(big, 0ull, 0xFFFFFFFFFFull);
    atomicCAS(small, (unsigned short)3, (unsigned short)65535);
}

int main()
{
    int hs = -1, hw = 0; unsigned long long hb = 0; unsigned short hsm = 3;
    int *ds, *dw; unsigned long long *db; unsigned short *dsm;
    cudaMalloc(&ds, 4); cudaMalloc(&dw, 4); cudaMalloc(&db, 8); cudaMalloc(&dsm, 2);
    cudaMemcpy(ds, &hs, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, &hw, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, &hb, 8, cudaMemcpyHostToDevice);
    cudaMemcpy(dsm, &hsm, 2, cudaMemcpyHostToDevice);
    race<<<4, 256>>>(ds, dw, db, dsm);
    cudaMemcpy(&hs, ds, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hw, dw, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hb, db, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hsm, dsm, 2, cudaMemcpyDeviceToHost);
    printf("slot=%d winners=%d big=%llx small=%u\n", hs, hw, hb, hsm);
    return 0;
}
