// Checks: __syncthreads in a loop with a uniform trip count (iterative neighbour averaging, double buffered).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void smooth(int *v, int steps)
{
    __shared__ int a[128], b[128];
    int t = threadIdx.x;
    a[t] = v[t];
    __syncthreads();
    int *src = a, *dst = b;
    for (int s = 0; s < steps; ++s) {
        int l = src[(t + 127) % 128], r = src[(t + 1) % 128];
        dst[t] = (l + 2 * src[t] + r) / 4;
        __syncthreads();
        int *tmp = src; src = dst; dst = tmp;
    }
    v[t] = src[t];
}

int main()
{
    int h[128];
    for (int i = 0; i < 128; ++i) h[i] = (i % 16) * 1000;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    smooth<<<1, 128>>>(d, 10);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int v : h) s += v;
    printf("h[0]=%d h[7]=%d h[15]=%d sum=%ld\n", h[0], h[7], h[15], s);
    return 0;
}
