// Checks: launching through a host-side function pointer to a __global__ function, chosen at run time.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void inc(int *v) { v[threadIdx.x] += 1; }
__global__ void dbl(int *v) { v[threadIdx.x] *= 2; }

typedef void (*kernel_t)(int *);

int main()
{
    int *d, h[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    kernel_t table[] = {inc, dbl, inc, &dbl};
    for (int step = 0; step < 4; ++step) {
        kernel_t k = table[step];
        k<<<1, 8>>>(d);
    }
    void (*direct)(int *) = dbl;
    direct<<<1, 8>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    cudaFree(d);
    return 0;
}
