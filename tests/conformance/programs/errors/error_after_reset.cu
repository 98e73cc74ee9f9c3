// Checks: cudaDeviceReset clears a sticky cudaErrorAssert; allocations and launches work again afterwards.
#include <cstdio>
#include <cassert>
#include <cuda_runtime.h>

__global__ void must_be_zero(int x) { assert(x == 0); }
__global__ void store(int *v) { v[threadIdx.x] = threadIdx.x + 1; }

int main()
{
    must_be_zero<<<1, 1>>>(1);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("reset: %s\n", cudaGetErrorName(cudaDeviceReset()));
    int *d = nullptr, h[4] = {0, 0, 0, 0};  // zeros if the device could not be used again
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&d, sizeof h)));
    store<<<1, 4>>>(d);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("memcpy: %s\n", cudaGetErrorName(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)));
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
