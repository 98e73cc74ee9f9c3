// Checks: a single-block scan kernel looping over the whole array in tiles of blockDim with a running carry and
// an unguarded-looking but correct tail (reads padded with 0 past n); n = 0, 1, 31, 1000, 1025, 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void one_block_scan(const int *in, int *out, int n)
{
    extern __shared__ int s[];
    int carry = 0;
    for (int base = 0; base < n; base += blockDim.x) {
        int i = base + threadIdx.x;
        s[threadIdx.x] = i < n ? in[i] : 0;
        __syncthreads();
        for (int off = 1; off < blockDim.x; off <<= 1) {
            int t = threadIdx.x >= off ? s[threadIdx.x - off] : 0;
            __syncthreads();
            s[threadIdx.x] += t;
            __syncthreads();
        }
        if (i < n) out[i] = s[threadIdx.x] + carry;
        carry += s[blockDim.x - 1];
        __syncthreads();
    }
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        std::vector<int> h(n), r(n);
        for (int i = 0; i < n; ++i) h[i] = (i * 17) % 5 - 2;
        int *din, *dout;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        int threads = 512;
        one_block_scan<<<1, threads, threads * sizeof(int)>>>(din, dout, n);
        cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
        printf("n=%d bad=%d last=%d err=%s\n", n, bad, n ? r[n - 1] : 0, cudaGetErrorName(cudaGetLastError()));
        cudaFree(din); cudaFree(dout);
    }
    return 0;
}
