// Known-unusual submission (tests/grader): a right naive scan that reads its lane number with
// inline PTX. nvcc builds it and it is graded normally on a GPU; the CPU backend cannot run PTX, so
// there the grader cannot grade it: the verdict is cannot_grade (the feature, the line, "grade it
// on a GPU"), 0 of 0 points, never a compile error.
#include <cstddef>

#include "lab.h"

__device__ unsigned lane_id() {
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__global__ void naive_scan_kernel(const float* input, float* output, unsigned n) {
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float sum = 0.0f;
    for (std::size_t k = 0; k <= i; ++k) sum += input[k];
    output[i] = sum + 0.0f * lane_id();
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;
    const unsigned blocks = n / BLOCK_SIZE + (n % BLOCK_SIZE != 0);
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
