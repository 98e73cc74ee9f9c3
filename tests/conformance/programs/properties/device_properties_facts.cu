// Checks: cudaGetDeviceProperties facts that hold on every CUDA GPU: warpSize 32, maxThreadsPerBlock 1024,
// maxThreadsDim {1024,1024,64}, maxGridSize[0] 2^31-1, major >= 1, a non-empty name.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

int main()
{
    int count = 0;
    printf("count=%s\n", cudaGetErrorName(cudaGetDeviceCount(&count)));
    printf("at least one device: %d\n", count >= 1);
    cudaDeviceProp prop;
    printf("props=%s\n", cudaGetErrorName(cudaGetDeviceProperties(&prop, 0)));
    printf("warpSize=%d\n", prop.warpSize);
    printf("maxThreadsPerBlock=%d\n", prop.maxThreadsPerBlock);
    printf("maxThreadsDim=%d,%d,%d\n", prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
    printf("maxGridSize[0]=%d maxGridSize[1]=%d maxGridSize[2]=%d\n", prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
    printf("major>=1: %d multiProcessorCount>=1: %d\n", prop.major >= 1, prop.multiProcessorCount >= 1);
    printf("sharedMemPerBlock=%zu\n", prop.sharedMemPerBlock);
    printf("name non-empty: %d\n", strlen(prop.name) > 0);
    return 0;
}
