// Checks: cg::this_grid().sync() in a kernel launched with cudaLaunchCooperativeKernel (grid-wide barrier between
// two phases); grid.thread_rank() and grid.size().
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(int *a, int *b, int n)
{
    cg::grid_group grid = cg::this_grid();
    int i = grid.thread_rank();
    if (i < n) a[i] = i * 3;
    grid.sync();
    if (i < n) b[i] = a[(i + 1) % n] + a[(n - 1 - i)];
    if (i == 0) b[n] = (int)grid.size();
}

int main()
{
    const int n = 256;
    int *a, *b, h[n + 1];
    cudaMalloc(&a, n * sizeof(int)); cudaMalloc(&b, (n + 1) * sizeof(int));
    int supported = 0;
    cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, 0);
    printf("cooperative launch supported=%d\n", supported != 0);
    int count = n;
    void *args[] = {&a, &b, &count};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)two_phase, dim3(4), dim3(64), args, 0, 0);
    printf("launch=%s sync=%s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost);
    printf("b[0]=%d b[100]=%d b[255]=%d size=%d\n", h[0], h[100], h[255], h[n]);
    return 0;
}
