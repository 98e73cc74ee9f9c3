// Checks: cudaPeekAtLastError does not reset the error; cudaGetLastError returns and resets it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k() {}

int main()
{
    k<<<1, 4096>>>();
    printf("peek=%s\n", cudaGetErrorName(cudaPeekAtLastError()));
    printf("peek=%s\n", cudaGetErrorName(cudaPeekAtLastError()));
    printf("get=%s\n", cudaGetErrorName(cudaGetLastError()));
    printf("get=%s\n", cudaGetErrorName(cudaGetLastError()));
    k<<<dim3(1, 1, 70000), 1>>>();   // gridDim.z limit is 65535
    printf("grid z: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
