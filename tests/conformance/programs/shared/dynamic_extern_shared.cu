// Checks: extern __shared__ array sized by the third launch parameter; different sizes per launch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rotate(const float *in, float *out, int n)
{
    extern __shared__ float buf[];
    int t = threadIdx.x;
    if (t < n) buf[t] = in[t];
    __syncthreads();
    if (t < n) out[t] = buf[(t + 1) % n];
}

int main()
{
    float h[100], r[100];
    for (int i = 0; i < 100; ++i) h[i] = i * 0.25f;
    float *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    int sizes[] = {1, 7, 100};
    for (int n : sizes) {
        rotate<<<1, 128, n * sizeof(float)>>>(din, dout, n);
        cudaMemcpy(r, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
        printf("n=%d first=%.2f last=%.2f\n", n, r[0], r[n - 1]);
    }
    return 0;
}
