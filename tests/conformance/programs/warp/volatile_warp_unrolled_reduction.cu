// Checks: the warp-unrolled reduction of pre-Volta textbooks (Professional CUDA C, ch. 3): after
// the block's tree reduction in global memory, the first warp finishes through a volatile pointer
// without __syncwarp(), each statement reading what a neighbouring lane writes in the same
// statement. A GPU runs such converged code in lockstep, which the sums below rely on; the CPU
// backend runs it so too, and its access checks report the race (__syncwarp() is the fix).
// conformance-cpu-reports: lanes of one warp with no __syncwarp\(\)
#include <cstdio>

__global__ void reduce_unroll_warp(int *g_idata, int *g_odata, unsigned int n)
{
    unsigned int tid = threadIdx.x;
    int *idata = g_idata + blockIdx.x * blockDim.x;
    if (blockIdx.x * blockDim.x + tid >= n) return;

    for (int stride = blockDim.x / 2; stride > 32; stride >>= 1) {
        if (tid < stride) idata[tid] += idata[tid + stride];
        __syncthreads();
    }

    if (tid < 32) {
        volatile int *vmem = idata;
        vmem[tid] += vmem[tid + 32];
        vmem[tid] += vmem[tid + 16];
        vmem[tid] += vmem[tid + 8];
        vmem[tid] += vmem[tid + 4];
        vmem[tid] += vmem[tid + 2];
        vmem[tid] += vmem[tid + 1];
    }

    if (tid == 0) g_odata[blockIdx.x] = idata[0];
}

int main()
{
    const int blocks = 8, threads = 256, n = blocks * threads;
    int h_in[n], h_out[blocks];
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
        h_in[i] = (i * 37) % 101;
        expected += h_in[i];
    }

    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, blocks * sizeof(int));
    cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    reduce_unroll_warp<<<blocks, threads>>>(d_in, d_out, n);
    cudaMemcpy(h_out, d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);

    long long total = 0;
    for (int b = 0; b < blocks; ++b) {
        printf("block %d: %d\n", b, h_out[b]);
        total += h_out[b];
    }
    printf("total=%lld expected=%lld %s\n", total, expected, total == expected ? "ok" : "WRONG");
    return 0;
}
