// Lab 1: naive parallel scan.
//
// Goal: output[i] = input[0] + input[1] + ... + input[i] for every i < n
// (an inclusive scan of the whole array).
//
// The naive plan: one thread per output element, and each thread simply adds up
// everything up to its own position. No cooperation, no synchronization, and
// lots of repeated work (about n^2 / 2 additions) -- the later labs fix that.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void naive_scan_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): compute this thread's global index i from blockIdx.x, blockDim.x and
    //          threadIdx.x. Make it a std::size_t: the product can pass 2^32 for huge n. (1 line)

    // TODO(2): threads with i >= n (in the last, partly used block) must not touch
    //          memory: return. (1 line)

    // TODO(3): add input[0..i] into a float, then store the sum in output[i]. (3 lines)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    // Round up so the last, partial block is launched too (written so it cannot overflow).
    const unsigned blocks = n / BLOCK_SIZE + (n % BLOCK_SIZE != 0);
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
