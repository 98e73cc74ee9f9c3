// Mutant of solutions/lab5-exclusive/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: off-by-one at the tail: the second store is guarded with i1 <= n
// EXPECT: wrote outside the output \(guard zone damaged\)
// EXPECT: guard every store with i < n
//
// Lab 5 reference solution: exclusive scan of each 1024-element section.
//
// This is the "zero the root" variant (Blelloch's down-sweep). The up-sweep is
// Brent-Kung's reduction tree. Then the root, which holds the section total, is
// replaced by 0, the identity. On the way down every internal node passes its
// value (the sum of everything left of its subtree) to its left child and
// "that value + the left child's old sum" to its right child. At the leaves each
// element ends up with the sum of everything strictly before it.
//
// (The other accepted approach is to shift on load: element j of the block
// gets input[j - 1], element 0 gets 0, and any inclusive scan then yields the
// exclusive result.)
#include <cstddef>

#include "lab.h"

namespace {

static_assert(SECTION_SIZE == 2 * BLOCK_SIZE, "two elements per thread");

// One padding word every 32 words keeps the strided tree accesses spread over
// the 32 shared-memory banks (optional speed-up, same algorithm).
__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }
constexpr unsigned PADDED_SIZE = SECTION_SIZE + SECTION_SIZE / 32;

__global__ void __launch_bounds__(BLOCK_SIZE)
exclusive_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float XY[PADDED_SIZE];

    const unsigned t = threadIdx.x;
    const std::size_t base = std::size_t(blockIdx.x) * SECTION_SIZE;
    const std::size_t i0 = base + t;
    const std::size_t i1 = base + t + BLOCK_SIZE;
    XY[pad(t)]              = (i0 < n) ? input[i0] : 0.0f;
    XY[pad(t + BLOCK_SIZE)] = (i1 < n) ? input[i1] : 0.0f;

    // Up-sweep (reduction tree), stopping one level below the root: the root's
    // sum would be thrown away by the next step anyway.
    for (unsigned stride = 1; stride < BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[pad(index)] += XY[pad(index - stride)];
    }
    __syncthreads();

    // Root level, combined with "set the root to 0": the left child keeps the
    // old root value (0), the root gets the left child's sum.
    if (t == 0) {
        const unsigned root = SECTION_SIZE - 1, left = SECTION_SIZE / 2 - 1;
        XY[pad(root)] = XY[pad(left)];
        XY[pad(left)] = 0.0f;
    }

    // Down-sweep for the remaining levels: left child <- parent,
    // right (= parent position) <- parent + old left child.
    for (unsigned stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) {
            const float left = XY[pad(index - stride)];
            const float parent = XY[pad(index)];
            XY[pad(index - stride)] = parent;
            XY[pad(index)] = parent + left;
        }
    }
    __syncthreads();

    if (i0 < n) output[i0] = XY[pad(t)];
    if (i1 <= n) output[i1] = XY[pad(t + BLOCK_SIZE)];  // MUTATION: off-by-one at the tail: writes output[n]
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    exclusive_scan_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
