// Checks: Kogge-Stone inclusive scan per block in shared memory (read, __syncthreads, write, __syncthreads),
// block sums scanned on the host, then an add kernel; n = 0, 1, 31, 1000, 1025, 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define SECTION 512

__global__ void kogge_stone(const int *X, int *Y, int *S, int n)
{
    __shared__ int XY[SECTION];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
    if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
}

__global__ void add_offsets(int *Y, const int *offsets, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && blockIdx.x > 0) Y[i] += offsets[blockIdx.x - 1];
}

void run(int n)
{
    int blocks = (n + SECTION - 1) / SECTION;
    std::vector<int> h(n), r(n), sums(blocks);
    for (int i = 0; i < n; ++i) h[i] = (i * 13) % 9 - 4;
    int *x, *y, *s;
    cudaMalloc(&x, (n + 1) * sizeof(int)); cudaMalloc(&y, (n + 1) * sizeof(int)); cudaMalloc(&s, (blocks + 1) * sizeof(int));
    cudaMemcpy(x, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    if (blocks > 0) {
        kogge_stone<<<blocks, SECTION>>>(x, y, s, n);
        cudaMemcpy(sums.data(), s, blocks * sizeof(int), cudaMemcpyDeviceToHost);
        for (int b = 1; b < blocks; ++b) sums[b] += sums[b - 1];
        cudaMemcpy(s, sums.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
        add_offsets<<<blocks, SECTION>>>(y, s, n);
        cudaMemcpy(r.data(), y, n * sizeof(int), cudaMemcpyDeviceToHost);
    }
    int acc = 0, bad = 0;
    for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
    printf("n=%d blocks=%d bad=%d last=%d\n", n, blocks, bad, n ? r[n - 1] : 0);
    cudaFree(x); cudaFree(y); cudaFree(s);
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) run(n);
    return 0;
}
