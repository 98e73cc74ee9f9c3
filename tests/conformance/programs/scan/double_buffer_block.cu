// Checks: double-buffered Kogge-Stone scan (two shared arrays swapped each step, one __syncthreads per step),
// exclusive result via a shifted load; block sums scanned recursively on the device; n = 0 .. 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define B 256

__global__ void scan_block(const int *in, int *out, int *sums, int n)
{
    __shared__ int buf[2][B];
    int i = blockIdx.x * B + threadIdx.x;
    int pin = 0;
    buf[0][threadIdx.x] = (threadIdx.x > 0 && i - 1 < n) ? in[i - 1] : 0;   // exclusive: shift right by one
    __syncthreads();
    for (int off = 1; off < B; off <<= 1) {
        int pout = 1 - pin;
        int v = buf[pin][threadIdx.x];
        if (threadIdx.x >= off) v += buf[pin][threadIdx.x - off];
        buf[pout][threadIdx.x] = v;
        pin = pout;
        __syncthreads();
    }
    if (i < n) out[i] = buf[pin][threadIdx.x];
    if (threadIdx.x == B - 1) sums[blockIdx.x] = buf[pin][B - 1] + (i < n ? in[i] : 0);
}

__global__ void add_block_offset(int *out, const int *offsets, int n)
{
    int i = blockIdx.x * B + threadIdx.x;
    if (i < n) out[i] += offsets[blockIdx.x];
}

// exclusive scan of d_in into d_out (device pointers), recursive over block sums
void exclusive_scan(const int *d_in, int *d_out, int n)
{
    if (n <= 0) return;
    int blocks = (n + B - 1) / B;
    int *sums, *offsets;
    cudaMalloc(&sums, blocks * sizeof(int)); cudaMalloc(&offsets, blocks * sizeof(int));
    scan_block<<<blocks, B>>>(d_in, d_out, sums, n);
    if (blocks > 1) {
        exclusive_scan(sums, offsets, blocks);
        add_block_offset<<<blocks, B>>>(d_out, offsets, n);
    }
    cudaFree(sums); cudaFree(offsets);
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        std::vector<int> h(n), r(n);
        for (int i = 0; i < n; ++i) h[i] = (i % 17) - 8;
        int *din, *dout;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        exclusive_scan(din, dout, n);
        cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { bad += r[i] != acc; acc += h[i]; }
        printf("n=%d bad=%d total=%d\n", n, bad, acc);
        cudaFree(din); cudaFree(dout);
    }
    return 0;
}
