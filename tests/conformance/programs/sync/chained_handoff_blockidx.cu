// Checks: block b waits (volatile spin) for block b-1's published prefix, blocks chained on
// blockIdx.x as in the textbook single-pass scan: the grid is small enough to be resident at once,
// so it completes on a GPU whatever order the blocks start in.
#include <cstdio>

__global__ void chained_sums(const int *in, int *out, volatile int *ready, int *prefix, int n)
{
    __shared__ int before;
    int b = blockIdx.x, i = b * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) {
        int sum = 0;
        for (int k = b * blockDim.x; k < (b + 1) * blockDim.x && k < n; ++k) sum += in[k];
        int carried = 0;
        if (b > 0) {
            while (ready[b - 1] == 0) { }
            carried = ((volatile int *)prefix)[b - 1];
        }
        prefix[b] = carried + sum;
        __threadfence();
        ready[b] = 1;
        before = carried;
    }
    __syncthreads();
    if (i < n) out[i] = before + in[i];
}

int main()
{
    const int blocks = 12, threads = 64, n = blocks * threads - 5;
    int h[blocks * threads];
    for (int k = 0; k < n; ++k) h[k] = (k * 7) % 11 - 3;
    int *in, *out, *ready, *prefix;
    cudaMalloc(&in, n * sizeof(int)); cudaMalloc(&out, n * sizeof(int));
    cudaMalloc(&ready, blocks * sizeof(int)); cudaMalloc(&prefix, blocks * sizeof(int));
    cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(ready, 0, blocks * sizeof(int));
    chained_sums<<<blocks, threads>>>(in, out, ready, prefix, n);
    printf("sync=%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("out[0]=%d out[63]=%d out[64]=%d out[500]=%d out[n-1]=%d\n", h[0], h[63], h[64], h[500], h[n - 1]);
    return 0;
}
