// Checks: cudaOccupancyMaxPotentialBlockSize and cudaOccupancyMaxActiveBlocksPerMultiprocessor return success
// and sane values (block size a multiple of 32 in 32..1024, at least one active block); the launch with the
// suggested size computes the same result everywhere.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = i * i % 1000;
}

int main()
{
    int min_grid = 0, block = 0, active = 0;
    cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, square, 0, 0);
    printf("potential=%s sane=%d\n", cudaGetErrorName(e), block >= 32 && block <= 1024 && block % 32 == 0 && min_grid >= 1);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, square, block, 0);
    printf("active=%s sane=%d\n", cudaGetErrorName(e), active >= 1);
    const int n = 10000;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    square<<<(n + block - 1) / block, block>>>(d, n);
    long long s = 0;
    int *h = new int[n];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) s += h[i];
    printf("sum=%lld\n", s);
    return 0;
}
