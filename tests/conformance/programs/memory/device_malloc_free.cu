// Checks: malloc/free inside device code (device heap), each thread building a small private array.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void private_arrays(int *out)
{
    int n = threadIdx.x + 1;
    int *a = (int *)malloc(n * sizeof(int));
    if (a == NULL) { out[threadIdx.x] = -1; return; }
    for (int k = 0; k < n; ++k) a[k] = k * k;
    int s = 0;
    for (int k = 0; k < n; ++k) s += a[k];
    free(a);
    out[threadIdx.x] = s;
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, sizeof h);
    private_arrays<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[9], h[63]);
    return 0;
}
