// Checks: the "sloppy" kernel without a bounds check, correct because n is an exact multiple of the block size,
// and the same with the grid rounded up plus a guard for a ragged n.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c) { int i = blockIdx.x * blockDim.x + threadIdx.x; c[i] = a[i] + b[i]; }
__global__ void add_guarded(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int main()
{
    const int N = 1024, M = 1000;
    float *a = (float *)malloc(N * sizeof(float)), *b = (float *)malloc(N * sizeof(float)), *c = (float *)malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, N * sizeof(float)); cudaMalloc((void **)&d_b, N * sizeof(float)); cudaMalloc((void **)&d_c, N * sizeof(float));
    cudaMemcpy(d_a, a, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, b, N * sizeof(float), cudaMemcpyHostToDevice);
    add<<<N / 256, 256>>>(d_a, d_b, d_c);
    cudaMemcpy(c, d_c, N * sizeof(float), cudaMemcpyDeviceToHost);
    printf("c[0]=%.0f c[1023]=%.0f\n", c[0], c[N - 1]);
    cudaMemset(d_c, 0, N * sizeof(float));
    add_guarded<<<(M + 255) / 256, 256>>>(d_a, d_b, d_c, M);
    cudaMemcpy(c, d_c, N * sizeof(float), cudaMemcpyDeviceToHost);
    printf("c[999]=%.0f c[1000]=%.0f\n", c[M - 1], c[M]);
    free(a); free(b); free(c);
    cudaFree(d_a); cudaFree(d_b); cudaFree(d_c);
    return 0;
}
