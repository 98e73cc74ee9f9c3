// Checks: Brent-Kung inclusive scan (up-sweep and down-sweep, two elements per thread, SECTION = 2 * blockDim)
// with a second pass adding scanned block sums; n = 0, 1, 31, 1000, 1025, 100000.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define SECTION_SIZE 1024

__global__ void brent_kung(const int *X, int *Y, int *S, int n)
{
    __shared__ int XY[SECTION_SIZE];
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0;
    XY[threadIdx.x + blockDim.x] = i + blockDim.x < n ? X[i + blockDim.x] : 0;
    for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[index] += XY[index - stride];
    }
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < n) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < n) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    if (threadIdx.x == 0) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_prev(int *Y, const int *S, int n)
{
    int i = blockIdx.x * SECTION_SIZE + threadIdx.x;
    int off = blockIdx.x > 0 ? S[blockIdx.x - 1] : 0;
    for (int k = i; k < (int)(blockIdx.x + 1) * SECTION_SIZE && k < n; k += blockDim.x) Y[k] += off;
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
        std::vector<int> h(n), r(n), s(blocks);
        for (int i = 0; i < n; ++i) h[i] = (i * 5) % 11 - 5;
        int *x, *y, *ds;
        cudaMalloc(&x, (n + 1) * sizeof(int)); cudaMalloc(&y, (n + 1) * sizeof(int)); cudaMalloc(&ds, (blocks + 1) * sizeof(int));
        cudaMemcpy(x, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        if (n > 0) {
            brent_kung<<<blocks, SECTION_SIZE / 2>>>(x, y, ds, n);
            cudaMemcpy(s.data(), ds, blocks * sizeof(int), cudaMemcpyDeviceToHost);
            for (int b = 1; b < blocks; ++b) s[b] += s[b - 1];
            cudaMemcpy(ds, s.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
            add_prev<<<blocks, 256>>>(y, ds, n);
            cudaMemcpy(r.data(), y, n * sizeof(int), cudaMemcpyDeviceToHost);
        }
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
        printf("n=%d bad=%d last=%d\n", n, bad, n ? r[n - 1] : 0);
        cudaFree(x); cudaFree(y); cudaFree(ds);
    }
    return 0;
}
