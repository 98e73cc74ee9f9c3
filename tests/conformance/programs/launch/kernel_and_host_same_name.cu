// Checks: a __global__ kernel and a host function with the same name but different parameters (overloads);
// the host wrapper launches the kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * v[i];
}

// host overload: same name, takes a host array
void square(int *host, int n, bool verbose)
{
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, host, n * sizeof(int), cudaMemcpyHostToDevice);
    square<<<(n + 31) / 32, 32>>>(d, n);
    cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    if (verbose) printf("squared %d values\n", n);
}

int main()
{
    int h[40];
    for (int i = 0; i < 40; ++i) h[i] = i - 20;
    square(h, 40, true);
    long s = 0;
    for (int v : h) s += v;
    printf("h[0]=%d h[39]=%d sum=%ld\n", h[0], h[39], s);
    return 0;
}
