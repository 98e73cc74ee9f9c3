// Checks: clock64() is monotonic within a thread across __nanosleep(); clock() is callable. Only the comparison
// is printed (never the counts).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void timing(int *ok)
{
    long long t0 = clock64();
    clock_t c0 = clock();
    __nanosleep(1000);
    long long t1 = clock64();
    clock_t c1 = clock();
    (void)c0; (void)c1;  // 32-bit clock() may wrap: not compared
    ok[threadIdx.x] = t1 >= t0 ? 3 : 0;
}

int main()
{
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    timing<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int all = 1;
    for (int v : h) all &= v == 3;
    printf("monotonic=%d\n", all);
    return 0;
}
