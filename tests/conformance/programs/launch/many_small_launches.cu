// Checks: 200 back-to-back launches on the default stream execute in order (each reads the previous result).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void step(int *v, int k)
{
    int i = threadIdx.x;
    v[i] = v[i] * 3 % 1000003 + k;
}

int main()
{
    int *d, h[8] = {0};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    for (int k = 0; k < 200; ++k) step<<<1, 8>>>(d, k);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int ref = 0;
    for (int k = 0; k < 200; ++k) ref = ref * 3 % 1000003 + k;
    printf("gpu=%d cpu=%d\n", h[5], ref);
    return 0;
}
