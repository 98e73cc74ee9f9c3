// Mutant of solutions/lab7-hierarchical/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: off-by-one at the tail: the add-back is guarded with i <= n
// EXPECT: wrote outside the output \(guard zone damaged\)
// EXPECT: guard every store with i < n
//
// Lab 7 reference solution: hierarchical inclusive scan of the whole array.
//
//   1. scan_sections_kernel scans every 1024-element section on its own
//      (Brent-Kung, as in lab 4) and saves each section's total in the workspace.
//   2. The array of section totals is itself scanned with the same procedure,
//      recursively, until it fits in a single section.
//   3. add_sums_kernel adds the scanned total of sections 0..b-1 to every
//      element of section b.
//
// Workspace layout: the section totals of every level, one after another:
//   [ level 0: ceil(n / S) floats | level 1: ceil(level0 / S) floats | ... ]
// A level is stored only if it has more than one section (a single section
// needs no totals). For n = 2^30 that is 2^20 + 2^10 floats, about 4 MiB.
// Every value is written before it is read, so the poisoned workspace is fine.
#include <cstddef>

#include "lab.h"

namespace {

static_assert(SECTION_SIZE == 2 * BLOCK_SIZE, "Brent-Kung: two elements per thread");

__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }
constexpr unsigned PADDED_SIZE = SECTION_SIZE + SECTION_SIZE / 32;

// input and output may be the same array (the recursive levels scan the
// totals in place): each block reads all of its section before writing any of it.
__global__ void __launch_bounds__(BLOCK_SIZE)
scan_sections_kernel(const float* input, float* output, unsigned n, float* section_sums) {
    __shared__ float XY[PADDED_SIZE];

    const unsigned t = threadIdx.x;
    const std::size_t base = std::size_t(blockIdx.x) * SECTION_SIZE;
    const std::size_t i0 = base + t;
    const std::size_t i1 = base + t + BLOCK_SIZE;
    XY[pad(t)]              = (i0 < n) ? input[i0] : 0.0f;
    XY[pad(t + BLOCK_SIZE)] = (i1 < n) ? input[i1] : 0.0f;

    for (unsigned stride = 1; stride <= BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[pad(index)] += XY[pad(index - stride)];
    }
    for (unsigned stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index + stride < SECTION_SIZE) XY[pad(index + stride)] += XY[pad(index)];
    }
    __syncthreads();

    if (i0 < n) output[i0] = XY[pad(t)];
    if (i1 < n) output[i1] = XY[pad(t + BLOCK_SIZE)];
    // The last element of the section is the section's total (out-of-range
    // elements were loaded as 0, so this also holds for a partial last section).
    if (section_sums != nullptr && t == BLOCK_SIZE - 1)
        section_sums[blockIdx.x] = XY[pad(SECTION_SIZE - 1)];
}

// Block b adds scanned_sums[b] (the total of sections 0..b) to section b + 1.
// Section 0 needs nothing, so it gets no block.
__global__ void __launch_bounds__(BLOCK_SIZE)
add_sums_kernel(float* output, unsigned n, const float* __restrict__ scanned_sums) {
    const float carry = scanned_sums[blockIdx.x];  // same address for all: one broadcast load
    const std::size_t base = (std::size_t(blockIdx.x) + 1) * SECTION_SIZE;
    #pragma unroll
    for (unsigned k = 0; k < ITEMS_PER_THREAD; ++k) {
        const std::size_t i = base + k * BLOCK_SIZE + threadIdx.x;
        if (i <= n) output[i] += carry;  // MUTATION: off-by-one at the tail: writes output[n]
    }
}

unsigned num_sections(unsigned n) { return n / SECTION_SIZE + (n % SECTION_SIZE != 0); }

// Scans input[0..n) into output[0..n) (they may alias); sums points at the
// workspace part that belongs to this level and the ones below it.
void scan_level(const float* input, float* output, unsigned n, float* sums) {
    const unsigned sections = num_sections(n);
    if (sections == 1) {
        scan_sections_kernel<<<1, BLOCK_SIZE>>>(input, output, n, nullptr);
        return;
    }
    scan_sections_kernel<<<sections, BLOCK_SIZE>>>(input, output, n, sums);
    scan_level(sums, sums, sections, sums + sections);  // scan the totals in place
    add_sums_kernel<<<sections - 1, BLOCK_SIZE>>>(output, n, sums);
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned n) {
    std::size_t floats = 0;
    for (unsigned m = n; m > SECTION_SIZE;) {  // a level that needs totals
        m = num_sections(m);
        floats += m;
    }
    return floats * sizeof(float);
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    if (n == 0) return;
    scan_level(input, output, n, static_cast<float*>(workspace));
}
