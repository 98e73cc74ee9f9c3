// Lab 4: Brent-Kung scan (work-efficient), two elements per thread.
//
// Goal: an inclusive scan of every SECTION_SIZE (= 2048) element section on its
// own (the last section may be partial). One block of BLOCK_SIZE = 1024 threads
// per section, each thread responsible for two elements.
//
// Two trees over shared memory XY:
//  * up-sweep (reduction): for stride = 1, 2, 4, ..., BLOCK_SIZE, the element at
//    every position of the form k * 2 * stride - 1 adds in the one `stride` before it;
//  * down-sweep (distribution): for stride = SECTION_SIZE / 4, ..., 2, 1, the element
//    at k * 2 * stride - 1 adds itself into the one `stride` after it.
// Re-index the threads: thread t handles k = t + 1, so the busy threads are
// always the lowest-numbered ones and whole warps go idle together.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void brent_kung_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): t = threadIdx.x; base = blockIdx.x * SECTION_SIZE as a std::size_t. (2 lines)

    // TODO(2): declare __shared__ float XY[SECTION_SIZE]. Load input[base + t] into XY[t]
    //          and input[base + t + BLOCK_SIZE] into XY[t + BLOCK_SIZE], 0 for indices >= n.
    //          (Not 2t and 2t+1: with t and t + BLOCK_SIZE a warp reads 32 neighbouring
    //          floats at once, a coalesced load.) (3 lines)

    // TODO(3): up-sweep: for stride = 1; stride <= BLOCK_SIZE; stride *= 2:
    //            __syncthreads(); index = (t + 1) * 2 * stride - 1;
    //            if index < SECTION_SIZE: XY[index] += XY[index - stride].  (5 lines)

    // TODO(4): down-sweep: for stride = SECTION_SIZE / 4; stride > 0; stride /= 2:
    //            __syncthreads(); index = (t + 1) * 2 * stride - 1;
    //            if index + stride < SECTION_SIZE: XY[index + stride] += XY[index].  (5 lines)

    // TODO(5): __syncthreads(), then store both of your elements (only those < n). (3 lines)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);  // round up
    brent_kung_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
