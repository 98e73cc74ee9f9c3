// Checks: kernel launches inside a host lambda and through a variadic launch macro.
#include <cstdio>
#include <cuda_runtime.h>

#define LAUNCH(kernel, grid, block, ...) kernel<<<(grid), (block)>>>(__VA_ARGS__)

__global__ void add(int *v, int x) { v[threadIdx.x] += x; }
__global__ void scale(int *v, int a, int b) { v[threadIdx.x] = v[threadIdx.x] * a + b; }

int main()
{
    int *d, h[8] = {0};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    auto run = [&](int x) {
        add<<<1, 8>>>(d, x);
        return cudaGetLastError();
    };
    printf("lambda: %s\n", cudaGetErrorName(run(5)));
    LAUNCH(scale, 1, 8, d, 3, 1);
    LAUNCH(add, 1, 4, d, 100);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
