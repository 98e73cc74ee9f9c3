// Known-wrong submission (issue 38): host code reads device memory directly (a debugging printf
// of input[0], a cudaMalloc pointer). On a GPU that is a segmentation fault in scan(); the CPU
// backend must crash too, naming the line, instead of printing the value.
#include <cstddef>
#include <cstdio>

#include "lab.h"

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    __shared__ float XY[SECTION_SIZE];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = (i < n) ? input[i] : 0.0f;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < n) output[i] = XY[threadIdx.x];
}

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    printf("debug: n = %u, input[0] = %f\n", n, input[0]);
    unsigned blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    kogge_stone_kernel<<<blocks, SECTION_SIZE>>>(input, output, n);
}
