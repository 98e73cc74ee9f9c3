// Checks: __constant__ arrays filled with cudaMemcpyToSymbol (whole and with offset), read by all threads.
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coeffs[5];
__constant__ int offset_table[4];

__global__ void stencil(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 2 || i >= n - 2) return;
    float s = 0;
    for (int k = -2; k <= 2; ++k) s += coeffs[k + 2] * in[i + k];
    out[i] = s + offset_table[i % 4];
}

int main()
{
    const int n = 64;
    float h[n], r[n] = {0};
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 9);
    float c[5] = {0.5f, 0.25f, 1.0f, 0.25f, 0.5f};
    int offs[4] = {0, 0, 0, 0}, tail[2] = {10, 20};
    cudaMemcpyToSymbol(coeffs, c, sizeof c);
    cudaMemcpyToSymbol(offset_table, offs, sizeof offs);
    cudaMemcpyToSymbol(offset_table, tail, sizeof tail, 2 * sizeof(int));
    float *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(dout, r, sizeof r, cudaMemcpyHostToDevice);
    stencil<<<2, 32>>>(din, dout, n);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; ++i) printf("%.2f ", r[i]);
    printf("\n");
    int back[4];
    cudaMemcpyFromSymbol(back, offset_table, sizeof back);
    printf("table: %d %d %d %d\n", back[0], back[1], back[2], back[3]);
    return 0;
}
