// Lab 2: Kogge-Stone scan of each section, one shared buffer.
//
// Goal: an inclusive scan of every SECTION_SIZE-element section on its own:
// output[i] is the sum of input[s..i], where s is the start of i's section.
// The last section may be partial.
//
// One block per section, one thread per element. The section lives in shared
// memory XY. In the step with stride s (1, 2, 4, ...) every thread t >= s
// does XY[t] += XY[t - s]. But thread t - s may be updating XY[t - s] in the
// very same step, so split each step into "read into a register" and "write",
// with a barrier between them.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): t = threadIdx.x; i = this element's global index,
    //          blockIdx.x * SECTION_SIZE + t, computed as a std::size_t. (2 lines)

    // TODO(2): declare __shared__ float XY[SECTION_SIZE] and load input[i] into XY[t],
    //          or 0 if i >= n. Do NOT return early for i >= n: every thread must reach
    //          every __syncthreads() below, and a 0 does not change the sums. (2 lines)

    // TODO(3): for stride = 1, 2, 4, ... < SECTION_SIZE:
    //            __syncthreads();  read XY[t] + XY[t - stride] into a temporary if t >= stride;
    //            __syncthreads();  then write the temporary back to XY[t]. (about 8 lines)

    // TODO(4): if i < n, store XY[t] to output[i]. (1 line)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);  // round up
    kogge_stone_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
