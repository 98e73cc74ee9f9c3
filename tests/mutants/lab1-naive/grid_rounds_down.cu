// Mutant of solutions/lab1-naive/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: off-by-one at the tail: n / BLOCK_SIZE blocks, the partial last block is never launched
// EXPECT: grid of 0 blocks|the elements of the partial last section were never written: launch enough blocks
//
// Lab 1 reference solution: naive parallel inclusive scan.
//
// Thread i computes output[i] = input[0] + ... + input[i] by itself. There is no
// cooperation at all, so there is nothing to synchronize, but the total work is
// n(n+1)/2 additions instead of n - 1: fine for a first version, hopeless for
// large n. That gap is what the rest of the course closes.
#include <cstddef>

#include "lab.h"

namespace {

__global__ void __launch_bounds__(BLOCK_SIZE)
naive_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    // 64-bit index: blockIdx.x * blockDim.x may not fit in 32 bits for huge n.
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= n) return;  // no barriers below, so leaving early is safe here

    // All threads of a warp read the same input[j] in the same step, so each
    // load is one broadcast from the cache; summing left to right also rounds
    // exactly like a sequential float loop on the CPU.
    float sum = 0.0f;
    for (std::size_t j = 0; j <= i; ++j) sum += __ldg(&input[j]);
    output[i] = sum;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;  // a grid of zero blocks is a launch error
    const unsigned blocks = n / BLOCK_SIZE;  // MUTATION: rounds down: the partial last block is never launched
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
