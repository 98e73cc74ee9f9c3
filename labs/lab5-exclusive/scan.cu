// Lab 5: exclusive scan of each section.
//
// Goal: output[i] = sum of input[s..i-1], where s is the start of i's
// SECTION_SIZE-element section: every section starts with 0, and the element's
// own value is NOT included. The last section may be partial.
//
// One block of BLOCK_SIZE = SECTION_SIZE / 2 threads per section, two elements
// per thread, as in lab 4. Pick one of two approaches:
//
//  A. Shift on load: put input[i - 1] in position j of the section (0 in
//     position 0), then run your inclusive Brent-Kung scan from lab 4 unchanged.
//  B. Zero the root (Blelloch): run the up-sweep; set the last element (the
//     section total) to 0; then sweep down: at each node, for stride =
//     SECTION_SIZE / 2, ..., 2, 1 and index = (t + 1) * 2 * stride - 1 < SECTION_SIZE,
//         left = XY[index - stride];  XY[index - stride] = XY[index];  XY[index] += left;
//     Each element ends up with the sum of everything before it.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

__global__ void exclusive_scan_kernel(const float* input, float* output, unsigned n) {
    // TODO(1): t = threadIdx.x; base = blockIdx.x * SECTION_SIZE as a std::size_t;
    //          declare __shared__ float XY[SECTION_SIZE]. (3 lines)

    // TODO(2): load your two elements, j = t and j = t + BLOCK_SIZE of the section, into XY,
    //          0 past the end of the array. For approach A load input[base + j - 1]
    //          instead (and 0 for j == 0). (4 lines)

    // TODO(3): the tree(s): approach A as in lab 4, or approach B's up-sweep, root reset
    //          and down-sweep. A __syncthreads() before every step, reached by ALL threads.
    //          (about 15 lines)

    // TODO(4): __syncthreads(), then store both elements (only indices < n). (3 lines)
}

// This lab needs no scratch memory.
std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);  // round up
    exclusive_scan_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
