// Lab 7: hierarchical scan -- the whole array, any length.
//
// Goal: output[i] = input[0] + ... + input[i] for all i < n, for n up to 2^30.
//
// A block can only scan one section, so use several kernels:
//   1. scan_sections_kernel: scan every SECTION_SIZE-element section on its own
//      (your lab 4 Brent-Kung kernel) and write each section's total to
//      section_sums[blockIdx.x].
//   2. Scan section_sums itself -- with this same procedure, recursively, so
//      that the number of sections never limits n.
//   3. add_sums_kernel: add the scanned total of sections 0..b-1 to every
//      element of section b.
//
// The section totals live in the workspace (scratch device memory the grader
// allocates for you, scan_workspace_bytes(n) bytes). It is NOT zeroed: it holds
// garbage at every call, so write every value before you read it.
//
// Only this file is graded. The constants are in lab.h (read-only).
#include <cstddef>

#include "lab.h"

// Scans each SECTION_SIZE-element section of input into output. If section_sums is
// not nullptr, also writes each section's total to section_sums[blockIdx.x].
// input and output may be the same array (the recursion scans the sums in place),
// which works as long as each block loads its whole section before storing.
__global__ void scan_sections_kernel(const float* input, float* output, unsigned n, float* section_sums) {
    // TODO(1): your Brent-Kung block scan from lab 4 (two elements per thread). (about 20 lines)

    // TODO(2): if section_sums != nullptr, one thread writes the section's total (the last
    //          element of XY, which holds the whole sum even for a partial section because
    //          missing elements were loaded as 0) to section_sums[blockIdx.x]. (2 lines)
}

// Adds scanned_sums[b] -- the total of sections 0..b -- to every element of
// section b + 1. Section 0 needs nothing added, so launch one block fewer than
// there are sections.
__global__ void add_sums_kernel(float* output, unsigned n, const float* scanned_sums) {
    // TODO(3): each thread adds scanned_sums[blockIdx.x] to its ITEMS_PER_THREAD elements of
    //          section blockIdx.x + 1 (base = (blockIdx.x + 1) * SECTION_SIZE, as std::size_t),
    //          only indices < n. (5 lines)
}

unsigned num_sections(unsigned n) { return n / SECTION_SIZE + (n % SECTION_SIZE != 0); }

// Scans input[0..n) into output[0..n) (the two may alias). `sums` is the part of
// the workspace this level and the levels below it may use.
void scan_level(const float* input, float* output, unsigned n, float* sums) {
    // TODO(4): let sections = num_sections(n).  (about 8 lines)
    //   * One section: scan_sections_kernel<<<1, BLOCK_SIZE>>>(input, output, n, nullptr); done.
    //   * Otherwise:   scan_sections_kernel<<<sections, BLOCK_SIZE>>>(input, output, n, sums);
    //                  scan_level(sums, sums, sections, sums + sections);   // scan the totals
    //                  add_sums_kernel<<<sections - 1, BLOCK_SIZE>>>(output, n, sums);
    //   Kernels on the default stream run in order, so each one sees the previous one's results.
    (void)input; (void)output; (void)n; (void)sums;  // remove once you use them
}

std::size_t scan_workspace_bytes(unsigned n) {
    // TODO(5): return the bytes scan_level needs: one float per section at every level
    //          that has more than one section. E.g. n = 2^21: 2048 sums, then 2 sums of
    //          those, then a single section -> (2048 + 2) * sizeof(float). (about 6 lines)
    (void)n;
    return 0;
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    if (n == 0) return;  // a grid of 0 blocks is a launch error
    scan_level(input, output, n, static_cast<float*>(workspace));
}
