// Checks: cudaFree(NULL) / cudaFree(0) succeed; cudaMemGetInfo returns success with free <= total
// (values are not printed, they differ between devices).
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    printf("free(NULL)=%s\n", cudaGetErrorName(cudaFree(NULL)));
    printf("free(0)=%s\n", cudaGetErrorName(cudaFree(0)));
    size_t fr = 0, tot = 0;
    cudaError_t e = cudaMemGetInfo(&fr, &tot);
    printf("meminfo=%s free<=total:%d total>0:%d\n", cudaGetErrorName(e), fr <= tot, tot > 0);
    void *p = nullptr;
    e = cudaMalloc(&p, 0);
    printf("malloc(0)=%s\n", cudaGetErrorName(e));
    cudaFree(p);
    return 0;
}
