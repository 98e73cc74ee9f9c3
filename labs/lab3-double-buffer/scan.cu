// Lab 3: Kogge-Stone with double buffering.
//
// Goal: the same as lab 2 -- an inclusive scan of every SECTION_SIZE-element
// section on its own (the last section may be partial).
//
// Lab 2 needed two barriers per step because threads read and write the same
// buffer. Here there are two shared buffers: each step reads only from one
// ("src") and writes only to the other ("dst"), then they swap roles. Nobody
// overwrites data that others still read in the same step, so one barrier
// per step is enough.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void double_buffer_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): t = threadIdx.x; i = blockIdx.x * SECTION_SIZE + t as a std::size_t. (2 lines)

    // TODO(2): declare two __shared__ float arrays of SECTION_SIZE, point src at one and
    //          dst at the other, and load input[i] (0 if i >= n) into src[t].
    //          No early return: all threads must reach every barrier. (5 lines)

    // TODO(3): for stride = 1, 2, 4, ... < SECTION_SIZE:
    //            __syncthreads();
    //            dst[t] = src[t] + src[t - stride] if t >= stride, else src[t];
    //            swap src and dst.  (about 6 lines)
    //          Tip: keep your own running value in a register to save a shared read.

    // TODO(4): if i < n, store your final value (in src[t] after the last swap). (1 line)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);  // round up
    double_buffer_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
