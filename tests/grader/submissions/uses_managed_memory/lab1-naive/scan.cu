// Known-unusual submission (tests/grader): a right naive scan that keeps a debugging counter in
// __managed__ (unified) memory. nvcc builds it and it is graded normally on a GPU, and on the CPU
// backend too: full points on both.
#include <cstddef>

#include "lab.h"

__managed__ unsigned long long additions = 0;  // how much work the naive scan does

__global__ void naive_scan_kernel(const float* input, float* output, unsigned n) {
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float sum = 0.0f;
    for (std::size_t k = 0; k <= i; ++k) sum += input[k];
    output[i] = sum;
    atomicAdd(&additions, (unsigned long long)(i + 1));
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;
    const unsigned blocks = n / BLOCK_SIZE + (n % BLOCK_SIZE != 0);
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
