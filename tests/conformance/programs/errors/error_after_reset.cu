// Checks: cudaDeviceReset after an ordinary launch error (too many threads per block: not sticky)
// returns cudaSuccess, and allocations, launches and copies work afterwards on the fresh context.
// (Whether a device can be used again after a device-side assert and cudaDeviceReset depends on the
// machine: the recording H100 answered cudaErrorDevicesUnavailable. device_assert_sticky.cu checks
// the assert itself.)
#include <cstdio>
#include <cuda_runtime.h>

__global__ void store(int *v) { v[threadIdx.x] = threadIdx.x + 1; }

int main()
{
    int *before = nullptr;
    cudaMalloc(&before, 4 * sizeof(int));
    store<<<1, 2048>>>(before);  // more threads per block than any GPU has
    printf("bad launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("reset: %s\n", cudaGetErrorName(cudaDeviceReset()));
    int *d = nullptr, h[4] = {0, 0, 0, 0};
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&d, sizeof h)));
    store<<<1, 4>>>(d);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("memcpy: %s\n", cudaGetErrorName(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)));
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    printf("free: %s\n", cudaGetErrorName(cudaFree(d)));
    return 0;
}
