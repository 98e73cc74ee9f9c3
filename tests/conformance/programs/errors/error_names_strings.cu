// Checks: cudaGetErrorName and cudaGetErrorString for common error codes.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    cudaError_t codes[] = {cudaSuccess, cudaErrorInvalidValue, cudaErrorMemoryAllocation, cudaErrorInvalidConfiguration,
                           cudaErrorInvalidDevicePointer, cudaErrorInvalidMemcpyDirection, cudaErrorLaunchFailure,
                           cudaErrorAssert, cudaErrorIllegalAddress, cudaErrorInvalidDeviceFunction, cudaErrorNotReady,
                           cudaErrorInvalidResourceHandle, cudaErrorInvalidDevice};
    for (cudaError_t c : codes) printf("%d %s: %s\n", (int)c, cudaGetErrorName(c), cudaGetErrorString(c));
    return 0;
}
