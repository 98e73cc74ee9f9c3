// Lab 6: thread coarsening -- a three-phase scan.
//
// Goal: an inclusive scan of every SECTION_SIZE (= 8192) element section on its
// own (the last section may be partial). One block of BLOCK_SIZE = 1024 threads
// per section; thread t owns the COARSE_FACTOR = 8 consecutive elements
// t*8 .. t*8+7 of the section.
//
//   Phase 1: each thread scans its own 8 elements sequentially (no barriers).
//   Phase 2: the block scans the 1024 per-thread totals (Kogge-Stone from lab 3).
//   Phase 3: each thread adds the total of all threads before it to its 8 values.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void coarsened_scan_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): t = threadIdx.x; base = blockIdx.x * SECTION_SIZE as a std::size_t.
    //          Declare __shared__ float section[SECTION_SIZE] (32 KiB) and a shared array
    //          (or two, for double buffering) of BLOCK_SIZE floats for the totals. (4 lines)

    // TODO(2): load the section into shared memory, 0 past the end of the array.
    //          Coalesce: in round k (0..COARSE_FACTOR-1) thread t loads element
    //          k * BLOCK_SIZE + t -- NOT t * COARSE_FACTOR + k. Then __syncthreads(). (5 lines)

    // TODO(3): phase 1: scan section[t*COARSE_FACTOR .. t*COARSE_FACTOR + COARSE_FACTOR-1]
    //          sequentially (in place, or into a register array) and put the thread's
    //          total in the totals array. (5 lines)

    // TODO(4): phase 2: Kogge-Stone scan of the totals, one barrier per step. (about 8 lines)

    // TODO(5): phase 3: add the scanned total of thread t - 1 (0 for thread 0) to your
    //          COARSE_FACTOR values. (4 lines)

    // TODO(6): __syncthreads(), then store the section coalesced (same pattern as the
    //          load), only indices < n. (5 lines)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);  // round up
    coarsened_scan_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
