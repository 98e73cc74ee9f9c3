// Checks: block scan from warp-level __shfl_up_sync scans, warp totals in shared memory scanned by warp 0,
// plus a grid-level pass with atomics-free block offsets computed on the host; n = 0 .. 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void block_scan(const int *in, int *out, int *block_totals, int n)
{
    __shared__ int warp_totals[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d <<= 1) {
        int y = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += y;
    }
    if (lane == 31) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int t = lane < (int)(blockDim.x >> 5) ? warp_totals[lane] : 0;
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffff, t, d);
            if (lane >= d) t += y;
        }
        warp_totals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warp_totals[warp - 1];
    if (i < n) out[i] = v;
    if (threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = v;
}

__global__ void add_offsets(int *out, const int *offsets, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += offsets[blockIdx.x];
}

int main()
{
    const int T = 256;
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        int blocks = (n + T - 1) / T;
        std::vector<int> h(n), r(n), tot(blocks);
        for (int i = 0; i < n; ++i) h[i] = (i * 23) % 15 - 7;
        int *din, *dout, *dt;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int)); cudaMalloc(&dt, (blocks + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        if (blocks) {
            block_scan<<<blocks, T>>>(din, dout, dt, n);
            cudaMemcpy(tot.data(), dt, blocks * sizeof(int), cudaMemcpyDeviceToHost);
            int run = 0;
            for (int b = 0; b < blocks; ++b) { int t = tot[b]; tot[b] = run; run += t; }
            cudaMemcpy(dt, tot.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
            add_offsets<<<blocks, T>>>(dout, dt, n);
            cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        }
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
        printf("n=%d bad=%d last=%d\n", n, bad, n ? r[n - 1] : 0);
        cudaFree(din); cudaFree(dout); cudaFree(dt);
    }
    return 0;
}
