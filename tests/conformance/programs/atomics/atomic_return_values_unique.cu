// Checks: atomicAdd's returned old values are a permutation of 0..n-1 (each thread gets a unique ticket).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void tickets(unsigned long long *counter, int *seen)
{
    unsigned long long t = atomicAdd(counter, 1ULL);
    atomicAdd(&seen[t], 1);
}

int main()
{
    const int n = 1024;
    unsigned long long *dc, hc = 0;
    int *ds, hs[n];
    cudaMalloc(&dc, 8); cudaMalloc(&ds, sizeof hs);
    cudaMemcpy(dc, &hc, 8, cudaMemcpyHostToDevice);
    cudaMemset(ds, 0, sizeof hs);
    tickets<<<8, 128>>>(dc, ds);
    cudaMemcpy(&hc, dc, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
    int ones = 0;
    for (int v : hs) ones += v == 1;
    printf("counter=%llu unique=%d\n", hc, ones);
    return 0;
}
