// Checks: cudaDeviceGetAttribute for values fixed across GPUs (warp size, max block dims, max shared per block
// without opt-in 48 KiB) and cudaGetDevice/cudaSetDevice(0).
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int dev = -1;
    printf("setDevice=%s\n", cudaGetErrorName(cudaSetDevice(0)));
    // The call before the printf: the order a printf's arguments are evaluated in is unspecified.
    const cudaError_t got = cudaGetDevice(&dev);
    printf("getDevice=%s dev=%d\n", cudaGetErrorName(got), dev);
    int v;
    cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, dev);               printf("warp=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, dev);     printf("maxThreads=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimX, dev);           printf("maxBlockDimX=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimZ, dev);           printf("maxBlockDimZ=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMaxGridDimY, dev);            printf("maxGridDimY=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlock, dev); printf("maxShared=%d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, dev); printf("major>=1: %d\n", v >= 1);
    return 0;
}
