// Checks: single-pass chained scan: blocks take a dynamic index from an atomic ticket (so a predecessor has always
// started), wait on the predecessor's published inclusive prefix (volatile flag + __threadfence), then publish
// their own; n = 0, 1, 31, 1000, 1025, 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define BS 128

__global__ void chained_scan(const int *in, int *out, int n, unsigned *ticket, volatile int *prefix, volatile int *flag)
{
    __shared__ int s[BS];
    __shared__ unsigned bid;
    __shared__ int carry;
    if (threadIdx.x == 0) bid = atomicAdd(ticket, 1u);
    __syncthreads();
    int i = bid * BS + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int off = 1; off < BS; off *= 2) {
        int t = threadIdx.x >= off ? s[threadIdx.x - off] : 0;
        __syncthreads();
        s[threadIdx.x] += t;
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        int c = 0;
        if (bid > 0) {
            while (flag[bid - 1] == 0) { }
            __threadfence();
            c = prefix[bid - 1];
        }
        carry = c;
        prefix[bid] = c + s[BS - 1];
        __threadfence();
        flag[bid] = 1;
    }
    __syncthreads();
    if (i < n) out[i] = s[threadIdx.x] + carry;
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        int blocks = (n + BS - 1) / BS;
        std::vector<int> h(n), r(n);
        for (int i = 0; i < n; ++i) h[i] = (i * 19) % 13 - 6;
        int *din, *dout, *prefix, *flag; unsigned *ticket;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int));
        cudaMalloc(&prefix, (blocks + 1) * sizeof(int)); cudaMalloc(&flag, (blocks + 1) * sizeof(int)); cudaMalloc(&ticket, sizeof(unsigned));
        cudaMemset(flag, 0, (blocks + 1) * sizeof(int));
        cudaMemset(ticket, 0, sizeof(unsigned));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        if (blocks > 0) chained_scan<<<blocks, BS>>>(din, dout, n, ticket, prefix, flag);
        cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
        printf("n=%d bad=%d last=%d\n", n, bad, n ? r[n - 1] : 0);
        cudaFree(din); cudaFree(dout); cudaFree(prefix); cudaFree(flag); cudaFree(ticket);
    }
    return 0;
}
