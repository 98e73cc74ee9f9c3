// Checks: cudaStreamQuery after synchronisation is cudaSuccess; cudaDeviceGetStreamPriorityRange returns
// least >= greatest; cudaStreamCreateWithPriority works.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void noop() {}

int main()
{
    int least = 0, greatest = 0;
    cudaError_t e = cudaDeviceGetStreamPriorityRange(&least, &greatest);
    printf("range=%s least>=greatest:%d\n", cudaGetErrorName(e), least >= greatest);
    cudaStream_t s;
    printf("create=%s\n", cudaGetErrorName(cudaStreamCreateWithPriority(&s, cudaStreamDefault, greatest)));
    noop<<<1, 1, 0, s>>>();
    cudaStreamSynchronize(s);
    printf("query=%s\n", cudaGetErrorName(cudaStreamQuery(s)));
    printf("destroy=%s\n", cudaGetErrorName(cudaStreamDestroy(s)));
    return 0;
}
