// Checks: work-efficient (Blelloch) exclusive scan with bank-conflict-avoiding padding (CONFLICT_FREE_OFFSET),
// as in GPU Gems 3 ch. 39: up-sweep, clear last, down-sweep; multi-block with block sums; n = 0 .. 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define ELEMS 512   // per block, two per thread

__global__ void prescan(const int *g_idata, int *g_odata, int *sums, int n)
{
    __shared__ int temp[ELEMS + ELEMS / NUM_BANKS];
    int thid = threadIdx.x, base = blockIdx.x * ELEMS;
    int ai = thid, bi = thid + ELEMS / 2;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = base + ai < n ? g_idata[base + ai] : 0;
    temp[bi + bankOffsetB] = base + bi < n ? g_idata[base + bi] : 0;
    int offset = 1;
    for (int d = ELEMS >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            temp[b + CONFLICT_FREE_OFFSET(b)] += temp[a + CONFLICT_FREE_OFFSET(a)];
        }
        offset *= 2;
    }
    if (thid == 0) {
        sums[blockIdx.x] = temp[ELEMS - 1 + CONFLICT_FREE_OFFSET(ELEMS - 1)];
        temp[ELEMS - 1 + CONFLICT_FREE_OFFSET(ELEMS - 1)] = 0;
    }
    for (int d = 1; d < ELEMS; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b);
            int t = temp[a]; temp[a] = temp[b]; temp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n) g_odata[base + ai] = temp[ai + bankOffsetA];
    if (base + bi < n) g_odata[base + bi] = temp[bi + bankOffsetB];
}

__global__ void uniform_add(int *data, const int *incr, int n)
{
    int i = blockIdx.x * ELEMS + threadIdx.x;
    if (i < n) data[i] += incr[blockIdx.x];
    if (i + ELEMS / 2 < n) data[i + ELEMS / 2] += incr[blockIdx.x];
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        int blocks = (n + ELEMS - 1) / ELEMS;
        std::vector<int> h(n), r(n), s(blocks);
        for (int i = 0; i < n; ++i) h[i] = (i * 3) % 8 - 2;
        int *din, *dout, *ds;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dout, (n + 1) * sizeof(int)); cudaMalloc(&ds, (blocks + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        if (blocks) {
            prescan<<<blocks, ELEMS / 2>>>(din, dout, ds, n);
            cudaMemcpy(s.data(), ds, blocks * sizeof(int), cudaMemcpyDeviceToHost);
            int run = 0;
            for (int b = 0; b < blocks; ++b) { int t = s[b]; s[b] = run; run += t; }
            cudaMemcpy(ds, s.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
            uniform_add<<<blocks, ELEMS / 2>>>(dout, ds, n);
            cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        }
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { bad += r[i] != acc; acc += h[i]; }
        printf("n=%d bad=%d total=%d\n", n, bad, acc);
        cudaFree(din); cudaFree(dout); cudaFree(ds);
    }
    return 0;
}
