// Checks: a CUDA_CHECK macro that prints the error name to stdout and exits with code 1 on the first failing
// call (here an invalid memcpy direction); output after the failure must not appear.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                      \
    do {                                                                      \
        cudaError_t err_ = (call);                                            \
        if (err_ != cudaSuccess) {                                            \
            printf("CUDA error %s in %s\n", cudaGetErrorName(err_), #call); \
            exit(1);                                                          \
        }                                                                     \
    } while (0)

int main()
{
    int *d, h[4] = {1, 2, 3, 4};
    CUDA_CHECK(cudaMalloc(&d, sizeof h));
    CUDA_CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    printf("first calls ok\n");
    fflush(stdout);
    CUDA_CHECK(cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)17));
    printf("not reached\n");
    return 0;
}
