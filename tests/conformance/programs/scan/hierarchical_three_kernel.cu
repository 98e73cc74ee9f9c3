// Checks: hierarchical scan entirely on the device: (1) per-block inclusive scan + block sums, (2) one block
// scans the block sums (strided loop with a running carry), (3) add the previous block's sum; n = 0 .. 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define BS 256

__device__ int block_inclusive_scan(int v)
{
    __shared__ int s[BS];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int off = 1; off < BS; off *= 2) {
        int t = threadIdx.x >= off ? s[threadIdx.x - off] : 0;
        __syncthreads();
        s[threadIdx.x] += t;
        __syncthreads();
    }
    int r = s[threadIdx.x];
    __syncthreads();
    return r;
}

__global__ void scan_blocks(const int *in, int *out, int *sums, int n)
{
    int i = blockIdx.x * BS + threadIdx.x;
    int v = block_inclusive_scan(i < n ? in[i] : 0);
    if (i < n) out[i] = v;
    if (threadIdx.x == BS - 1) sums[blockIdx.x] = v;
}

__global__ void scan_sums(int *sums, int m)
{
    __shared__ int carry;
    if (threadIdx.x == 0) carry = 0;
    __syncthreads();
    for (int base = 0; base < m; base += BS) {
        int i = base + threadIdx.x;
        int v = block_inclusive_scan(i < m ? sums[i] : 0) + carry;
        if (i < m) sums[i] = v;
        __syncthreads();
        if (threadIdx.x == BS - 1) carry = v;
        __syncthreads();
    }
}

__global__ void add_sums(int *out, const int *sums, int n)
{
    int i = blockIdx.x * BS + threadIdx.x;
    if (blockIdx.x > 0 && i < n) out[i] += sums[blockIdx.x - 1];
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        int blocks = (n + BS - 1) / BS;
        std::vector<int> h(n), r(n);
        for (int i = 0; i < n; ++i) h[i] = (i * 11) % 7 - 3;
        int *din, *dout, *ds;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int)); cudaMalloc(&ds, (blocks + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        if (n > 0) {
            scan_blocks<<<blocks, BS>>>(din, dout, ds, n);
            scan_sums<<<1, BS>>>(ds, blocks);
            add_sums<<<blocks, BS>>>(dout, ds, n);
            cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        }
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
        printf("n=%d bad=%d last=%d\n", n, bad, n ? r[n - 1] : 0);
        cudaFree(din); cudaFree(dout); cudaFree(ds);
    }
    return 0;
}
