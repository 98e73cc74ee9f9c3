// Lab 5, written the "shift on load" way with a classic slip: element 0 of each section should
// be 0 (nothing comes before it) but is never written, so the scan reads shared memory no thread
// wrote. On a GPU it holds whatever the last block left there: often 0, so the output can even
// look right.
#include "lab.h"

__global__ void exclusive_kernel(const float *X, float *Y, unsigned int n)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int start = blockIdx.x * SECTION_SIZE;

    for (unsigned int j = t; j < SECTION_SIZE; j += blockDim.x) {
        unsigned int i = start + j;
        if (j > 0) XY[j] = (i - 1 < n) ? X[i - 1] : 0.0f;
    }

    for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        float lo = XY[t];
        float hi = XY[t + BLOCK_SIZE];
        if (t >= stride) lo += XY[t - stride];
        hi += XY[t + BLOCK_SIZE - stride];
        __syncthreads();
        XY[t] = lo;
        XY[t + BLOCK_SIZE] = hi;
    }
    __syncthreads();

    for (unsigned int j = t; j < SECTION_SIZE; j += blockDim.x) {
        unsigned int i = start + j;
        if (i < n) Y[i] = XY[j];
    }
}

size_t scan_workspace_bytes(unsigned int n) { return 0; }

void scan(const float *input, float *output, unsigned int n, void *workspace)
{
    unsigned int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    if (blocks == 0) return;
    exclusive_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
