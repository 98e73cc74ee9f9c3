// Checks: grid.sync() called many times in a loop (a Jacobi-style smoothing over the whole grid) in a
// cooperative launch sized by the occupancy calculator; a cooperative launch larger than the GPU can
// hold fails with cudaErrorCooperativeLaunchTooLarge.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void smooth(int *a, int *b, int n, int steps)
{
    cg::grid_group grid = cg::this_grid();
    for (int s = 0; s < steps; ++s) {
        for (int i = grid.thread_rank(); i < n; i += grid.size())
            b[i] = (a[(i + n - 1) % n] + 2 * a[i] + a[(i + 1) % n]) / 4;
        grid.sync();
        int *t = a; a = b; b = t;
    }
}

int main()
{
    const int n = 4096, threads = 128;
    int h[n];
    for (int k = 0; k < n; ++k) h[k] = (k * 37) % 1024;
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int)); cudaMalloc(&b, n * sizeof(int));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    int steps = 9, count = n;
    void *args[] = {&a, &b, &count, &steps};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)smooth, dim3(8), dim3(threads), args, 0, 0);
    printf("launch=%s sync=%s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost);  // 9 steps: the result is in b
    long long total = 0;
    for (int k = 0; k < n; ++k) total += h[k];
    printf("h[0]=%d h[2000]=%d total=%lld\n", h[0], h[2000], total);
    e = cudaLaunchCooperativeKernel((void *)smooth, dim3(1000000), dim3(threads), args, 0, 0);
    printf("oversized=%s last=%s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    return 0;
}
