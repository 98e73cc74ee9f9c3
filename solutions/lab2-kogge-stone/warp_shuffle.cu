// Lab 2, advanced reference: the same Kogge-Stone scan of each 1024-element
// section, one element per thread, with the barriers taken out of the steps.
//
// scan.cu (the taught version) runs all ten steps in shared memory, two block
// barriers per step: every warp waits twenty times for the slowest warp of the
// block, and that, not memory, is what it spends its time on.
//
// Here the first five steps (strides 1..16) happen inside each warp: a step
// reads the value of the lane `stride` below through __shfl_up_sync, which
// hands every lane the *old* value of its source in one instruction, so the
// read-before-write split needs no barrier at all. After them each warp holds
// the scan of its own 32 elements. The last five steps (strides 32..512) are
// Kogge-Stone over the 32 warp totals: warp 0 runs them, again as shuffles.
// One barrier lets the totals meet, one lets warp 0's result go back out.
//
// Two barriers per section instead of twenty. With one element per thread the
// shape itself caps the speed: an SM holds two such blocks, 8 KB of loads in
// flight, about half of what HBM needs (see research/sections/).
#include <cstddef>

#include "lab.h"

namespace {

static_assert(BLOCK_SIZE == SECTION_SIZE, "Kogge-Stone uses one thread per element");
constexpr unsigned WARPS = BLOCK_SIZE / 32;
static_assert(WARPS <= 32, "one warp scans the warps' totals");

// Kogge-Stone over the 32 lanes of a warp: after the step with stride s a lane
// holds the sum of the (up to) 2s values ending at it.
__device__ __forceinline__ float warp_inclusive_scan(float value, unsigned lane) {
#pragma unroll
    for (unsigned stride = 1; stride < 32; stride *= 2) {
        const float below = __shfl_up_sync(0xffffffffu, value, stride);
        if (lane >= stride) value += below;
    }
    return value;
}

__global__ void __launch_bounds__(BLOCK_SIZE)
kogge_stone_shuffle_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float warp_totals[WARPS];

    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;

    // Past the end: the neutral 0, and the thread stays for the shuffles and barriers.
    float value = warp_inclusive_scan(i < n ? input[i] : 0.0f, lane);

    if (lane == 31) warp_totals[warp] = value;
    __syncthreads();
    if (warp == 0) {
        const float total = warp_inclusive_scan(lane < WARPS ? warp_totals[lane] : 0.0f, lane);
        if (lane < WARPS) warp_totals[lane] = total;
    }
    __syncthreads();
    if (warp > 0) value += warp_totals[warp - 1];

    if (i < n) output[i] = value;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    kogge_stone_shuffle_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
