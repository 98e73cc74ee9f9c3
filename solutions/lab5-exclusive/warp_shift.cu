// Lab 5, advanced reference: the exclusive scan of each 1024-element section by
// shifting by one, two elements per thread, with the steps moved out of shared
// memory.
//
// The lab accepts both ways to an exclusive scan: zero the root of Brent-Kung's
// tree before the way down (Blelloch, what scan.cu teaches), or shift the input
// by one and run any inclusive scan. In shared memory the tree is the cheaper
// one. In registers it is the other way round: the two trees need twice the
// levels of Kogge-Stone and a select per level, and at 16 warps per SM the
// instructions, not memory, set the pace. Measured on the H200 at 2^28, the
// trees in registers (research/sections/lab5_warp_blelloch.cu) reached 0.82 of
// the fastest scan of this shape, this file 0.98 (bench/results/sections-round.md).
//
// So here, per section:
//   * each thread loads its two elements with one 8-byte load;
//   * Kogge-Stone over the 32 lanes' pair sums (__shfl_up_sync, strides 1..16);
//   * one barrier gathers the 16 warp totals, warp 0 scans them the same way,
//     one barrier hands them back;
//   * the shift: a lane's exclusive prefix is the inclusive sum of the lane
//     below it (one more __shfl_up_sync), and the pair's first element gets
//     that, its second that plus the first.
#include <cstddef>
#include <cstdint>

#include "lab.h"

namespace {

static_assert(ITEMS_PER_THREAD == 2 && SECTION_SIZE == 2 * BLOCK_SIZE, "two elements per thread");
constexpr unsigned WARPS = BLOCK_SIZE / 32;
static_assert(WARPS <= 32, "one warp scans the warps' totals");

__device__ __forceinline__ float warp_inclusive_scan(float value, unsigned lane) {
#pragma unroll
    for (unsigned stride = 1; stride < 32; stride *= 2) {
        const float below = __shfl_up_sync(0xffffffffu, value, stride);
        if (lane >= stride) value += below;
    }
    return value;
}

template <bool Aligned>
__device__ __forceinline__ float2 load_pair(const float* p, std::size_t i, unsigned n) {
    if (Aligned && i + 1 < n) return *reinterpret_cast<const float2*>(p + i);
    return make_float2(i < n ? p[i] : 0.0f, i + 1 < n ? p[i + 1] : 0.0f);
}

template <bool Aligned>
__device__ __forceinline__ void store_pair(float* p, std::size_t i, unsigned n, float2 v) {
    if (Aligned && i + 1 < n) {
        *reinterpret_cast<float2*>(p + i) = v;
        return;
    }
    if (i < n) p[i] = v.x;
    if (i + 1 < n) p[i + 1] = v.y;
}

template <bool Aligned>
__global__ void __launch_bounds__(BLOCK_SIZE)
shifted_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float warp_totals[WARPS];

    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + 2 * t;

    // Past the end: the neutral 0, and the thread stays for the shuffles and barriers.
    const float2 pair = load_pair<Aligned>(input, i, n);
    const float inclusive = warp_inclusive_scan(pair.x + pair.y, lane);

    if (lane == 31) warp_totals[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        const float total = warp_inclusive_scan(lane < WARPS ? warp_totals[lane] : 0.0f, lane);
        if (lane < WARPS) warp_totals[lane] = total;
    }
    __syncthreads();

    // The shift by one: what the lane below holds is everything before this pair.
    const float below = __shfl_up_sync(0xffffffffu, inclusive, 1);
    float before = warp > 0 ? warp_totals[warp - 1] : 0.0f;
    if (lane > 0) before += below;
    store_pair<Aligned>(output, i, n, make_float2(before, before + pair.x));
}

bool pair_aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % sizeof(float2) == 0; }

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    if (pair_aligned(input) && pair_aligned(output))
        shifted_scan_kernel<true><<<sections, BLOCK_SIZE>>>(input, output, n);
    else
        shifted_scan_kernel<false><<<sections, BLOCK_SIZE>>>(input, output, n);
}
