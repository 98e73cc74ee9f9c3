// Checks: cuda::ceil_div (from <cuda/cmath>) for grid sizes on host and device, including n = 0 and mixed types.
#include <cstdio>
#include <cuda/cmath>

__global__ void dev(int *out)
{
    out[0] = cuda::ceil_div(10, 3);
    out[1] = cuda::ceil_div(9, 3);
    out[2] = (int)cuda::ceil_div(1000u, 256u);
    out[3] = cuda::ceil_div(0, 5);
}

int main()
{
    int *d, h[4];
    cudaMalloc(&d, sizeof h);
    dev<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("device: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    size_t n = 100001;
    printf("host: %zu %d %lld\n", (size_t)cuda::ceil_div(n, (size_t)1024), cuda::ceil_div(7, 7), (long long)cuda::ceil_div(1LL << 40, 3LL));
    return 0;
}
