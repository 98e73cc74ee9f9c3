// Checks: atomicInc wraps to 0 when old >= limit; atomicDec wraps to limit when old == 0 or old > limit.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void wraps(unsigned *inc, unsigned *dec, unsigned *oldinc)
{
    unsigned o = atomicInc(inc, 9);        // counter modulo 10
    atomicDec(dec, 6);
    oldinc[threadIdx.x] = o;
}

__global__ void single(unsigned *p, unsigned *res)
{
    res[0] = atomicInc(p, 3);   // p = 7 > 3 -> 0
    res[1] = atomicDec(p, 5);   // p = 0 -> 5
    res[2] = atomicDec(p, 2);   // p = 5 > 2 -> 2
    res[3] = *p;
}

int main()
{
    unsigned z = 0, *di, *dd, *dold, ho[25], hi, hd;
    cudaMalloc(&di, 4); cudaMalloc(&dd, 4); cudaMalloc(&dold, sizeof ho);
    cudaMemcpy(di, &z, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, &z, 4, cudaMemcpyHostToDevice);
    wraps<<<1, 25>>>(di, dd, dold);
    cudaMemcpy(&hi, di, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hd, dd, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(ho, dold, sizeof ho, cudaMemcpyDeviceToHost);
    int hist[10] = {0};
    for (unsigned v : ho) hist[v]++;
    printf("inc=%u dec=%u old-histogram:", hi, hd);
    for (int v : hist) printf(" %d", v);
    printf("\n");
    unsigned seven = 7, res[4], *dres;
    cudaMalloc(&dres, sizeof res);
    cudaMemcpy(di, &seven, 4, cudaMemcpyHostToDevice);
    single<<<1, 1>>>(di, dres);
    cudaMemcpy(res, dres, sizeof res, cudaMemcpyDeviceToHost);
    printf("single: %u %u %u %u\n", res[0], res[1], res[2], res[3]);
    return 0;
}
