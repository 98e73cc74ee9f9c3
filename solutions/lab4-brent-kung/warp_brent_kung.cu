// Lab 4, advanced reference: the Brent-Kung scan of each 2048-element section,
// two elements per thread, with the trees' levels moved out of shared memory.
//
// scan.cu (the taught version) climbs the reduction tree and comes back down
// the distribution tree in shared memory, one block barrier per level: 22
// barriers per section, most of them at levels where only a few threads work
// while the other warps wait.
//
// The same two trees, level by level, placed where each level's data lives:
//   * level 1 (pairs) inside each thread: its two elements come in with one
//     8-byte load, and their sum is the pair's node;
//   * levels 2-6 across the 32 lanes of a warp, through __shfl_up_sync: lane L
//     takes the node `stride` lanes below it, exactly the tree's
//     XY[index] += XY[index - stride], first up (strides 1..16), then down
//     (strides 8..1);
//   * levels 7-11 across the block's 32 warp totals: one barrier to gather
//     them, warp 0 runs the same two trees, one barrier to hand them back.
// Two barriers per section instead of 22, and the same additions as the tree.
#include <cstddef>
#include <cstdint>

#include "lab.h"

namespace {

static_assert(ITEMS_PER_THREAD == 2 && SECTION_SIZE == 2 * BLOCK_SIZE, "two elements per thread");
constexpr unsigned WARPS = BLOCK_SIZE / 32;
static_assert(WARPS <= 32, "one warp scans the warps' totals");

// Brent-Kung over one value per lane; returns the lane's inclusive sum. In the
// up-sweep, lane L with (L + 1) a multiple of 2 * stride is a node of the
// reduction tree and adds its left sibling; in the down-sweep, lane L with
// (L + 1) an odd multiple of stride, past the first 2 * stride, receives the
// finished sum just left of its subtree. Every lane runs every shuffle (they
// are collective); only the tree's nodes keep what they receive.
__device__ __forceinline__ float warp_brent_kung(float value, unsigned lane) {
#pragma unroll
    for (unsigned stride = 1; stride < 32; stride *= 2) {
        const float left = __shfl_up_sync(0xffffffffu, value, stride);
        if ((lane + 1) % (2 * stride) == 0) value += left;
    }
#pragma unroll
    for (unsigned stride = 8; stride >= 1; stride /= 2) {
        const float left = __shfl_up_sync(0xffffffffu, value, stride);
        if ((lane + 1) % (2 * stride) == stride && lane + 1 > 2 * stride) value += left;
    }
    return value;
}

// The pair at index i (even): one 8-byte load when both exist and the address
// allows it, else one element at a time with 0 past the end.
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
brent_kung_warp_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float warp_totals[WARPS];

    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + 2 * t;

    const float2 pair = load_pair<Aligned>(input, i, n);
    const float lane_total = warp_brent_kung(pair.x + pair.y, lane);

    if (lane == 31) warp_totals[warp] = lane_total;
    __syncthreads();
    if (warp == 0) {
        const float total = warp_brent_kung(lane < WARPS ? warp_totals[lane] : 0.0f, lane);
        if (lane < WARPS) warp_totals[lane] = total;
    }
    __syncthreads();

    // Back down to the leaves: everything before this pair (the warps before
    // this one, then the lanes before this one), then the pair's own two.
    const float lanes_before = __shfl_up_sync(0xffffffffu, lane_total, 1);
    float before = warp > 0 ? warp_totals[warp - 1] : 0.0f;
    if (lane > 0) before += lanes_before;
    const float first = before + pair.x;
    store_pair<Aligned>(output, i, n, make_float2(first, first + pair.y));
}

bool pair_aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % sizeof(float2) == 0; }

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    if (pair_aligned(input) && pair_aligned(output))
        brent_kung_warp_kernel<true><<<sections, BLOCK_SIZE>>>(input, output, n);
    else
        brent_kung_warp_kernel<false><<<sections, BLOCK_SIZE>>>(input, output, n);
}
