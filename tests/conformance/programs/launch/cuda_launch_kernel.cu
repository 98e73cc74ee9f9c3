// Checks: cudaLaunchKernel with an array of argument pointers, dim3 sizes, dynamic shared memory and stream 0.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reverse_block(const int *in, int *out, int n)
{
    extern __shared__ int tile[];
    int t = threadIdx.x;
    if (t < n) tile[t] = in[t];
    __syncthreads();
    if (t < n) out[t] = tile[n - 1 - t];
}

int main()
{
    const int n = 20;
    int h[n], r[n];
    for (int i = 0; i < n; ++i) h[i] = i * i;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    int count = n;
    void *args[] = {&din, &dout, &count};
    cudaError_t e = cudaLaunchKernel((const void *)reverse_block, dim3(1), dim3(32), args, n * sizeof(int), 0);
    printf("launch=%s\n", cudaGetErrorName(e));
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("%d ", r[i]);
    printf("\n");
    return 0;
}
