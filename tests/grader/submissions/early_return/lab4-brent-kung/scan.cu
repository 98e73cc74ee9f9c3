// A student's Brent-Kung scan: threads past the end of the input return before the
// tree's barriers, the textbook's "if (i >= n) return;" guard in the wrong place. The
// CPU backend must name the return they took next to the barrier the others wait at.
#include <cstddef>

#include "lab.h"

namespace {

static_assert(SECTION_SIZE == 2 * BLOCK_SIZE, "Brent-Kung: two elements per thread");

// The tree steps touch XY[k * 2s - 1] for consecutive k, i.e. words that are 2s
// apart, which lands many threads of a warp in the same shared-memory bank.
// Inserting one padding word after every 32 spreads them over the banks.
// (An optional speed-up; the algorithm is the same without it.)
__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }
constexpr unsigned PADDED_SIZE = SECTION_SIZE + SECTION_SIZE / 32;

__global__ void __launch_bounds__(BLOCK_SIZE)
brent_kung_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float XY[PADDED_SIZE];

    const unsigned t = threadIdx.x;
    const std::size_t base = std::size_t(blockIdx.x) * SECTION_SIZE;

    // Coalesced loads: the warp reads 32 consecutive floats, twice (t and t + BLOCK_SIZE).
    const std::size_t i0 = base + t;
    const std::size_t i1 = base + t + BLOCK_SIZE;
    if (i0 >= n) return;  // threads with nothing to load are done (so they think)
    XY[pad(t)]              = input[i0];
    XY[pad(t + BLOCK_SIZE)] = (i1 < n) ? input[i1] : 0.0f;

    // Up-sweep. Thread t works on index (t + 1) * 2 * stride - 1, so the active
    // threads are always the lowest-numbered ones: whole warps retire together
    // instead of every warp keeping a few busy lanes.
    for (unsigned stride = 1; stride <= BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[pad(index)] += XY[pad(index - stride)];
    }

    // Down-sweep: the largest useful stride is SECTION_SIZE / 4 (the root at
    // SECTION_SIZE - 1 is already final after the up-sweep).
    for (unsigned stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const unsigned index = (t + 1) * 2 * stride - 1;
        if (index + stride < SECTION_SIZE) XY[pad(index + stride)] += XY[pad(index)];
    }
    __syncthreads();

    if (i0 < n) output[i0] = XY[pad(t)];
    if (i1 < n) output[i1] = XY[pad(t + BLOCK_SIZE)];
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    brent_kung_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
