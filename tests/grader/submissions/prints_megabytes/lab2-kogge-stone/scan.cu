// Lab 2 reference solution: Kogge-Stone inclusive scan of each section, one
// shared-memory buffer.
//
// After the step with stride s, XY[t] holds the sum of the (up to) 2s elements
// ending at t. Every thread reads XY[t - s] in a step while thread t - s may be
// overwriting it in the same step, so each step is split in two halves with a
// barrier between them: first everybody reads into a register, then everybody
// writes.
#include <cstddef>
#include <cstdio>

#include "lab.h"

namespace {

static_assert(BLOCK_SIZE == SECTION_SIZE, "Kogge-Stone uses one thread per element");

__global__ void __launch_bounds__(BLOCK_SIZE)
kogge_stone_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float XY[SECTION_SIZE];

    const unsigned t = threadIdx.x;
    // 64-bit: blockIdx.x * SECTION_SIZE + t can exceed 2^32 when n is close to it.
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;

    // Out-of-range threads load the neutral 0 and stay alive: they must still
    // reach every __syncthreads() below.
    XY[t] = (i < n) ? input[i] : 0.0f;

    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();                  // previous writes are visible
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        __syncthreads();                  // everybody has read before anybody writes
        if (t >= stride) XY[t] = temp;
    }

    // Each thread stores the value it wrote itself, so no barrier is needed here.
    if (i < n) output[i] = XY[t];
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    for (int k = 0; k < 20000; ++k) std::printf("debug output line %d: %s\n", k, "................................................................................");
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    kogge_stone_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
