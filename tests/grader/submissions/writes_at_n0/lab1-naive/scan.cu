// Known-wrong submission (tests/grader): right for every n > 0, but at n = 0 it still launches
// one block, whose thread 0 writes output[0] (and reads input[0]): both buffers have 0 elements.
// The grader must fail it at n = 0 and name the index; the GPU's independent check sees the guard
// word after the output overwritten.
#include <cstddef>

#include "lab.h"

__global__ void naive_scan_kernel(const float* input, float* output, unsigned n) {
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i == 0) {            // the first element is just a copy
        output[0] = input[0];
        return;
    }
    if (i >= n) return;
    float sum = 0.0f;
    for (std::size_t k = 0; k <= i; ++k) sum += input[k];
    output[i] = sum;
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    const unsigned blocks = n / BLOCK_SIZE + 1;  // one spare block is harmless, the kernel checks i
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
