// Research: lab 5's zero-the-root exclusive scan (Blelloch) with the trees'
// levels moved out of shared memory, two elements per thread. It lost to the
// shift-by-one form (solutions/lab5-exclusive/warp_shift.cu, the advanced
// reference): at 2^28 on the H200 it reached 0.82 of the shape's best, the shift
// 0.98 (bench/results/sections-round.md). Lab 5's scan() interface: to check and
// time it, copy it next to the reference,
//   cp research/sections/lab5_warp_blelloch.cu solutions/lab5-exclusive/
// and rebuild (it becomes lab 5's "advanced-lab5_warp_blelloch"), or build
// research/sections/pointer_offsets.cu against it (-DEXCLUSIVE=1).
//
// scan.cu (the taught version) runs the up-sweep, the zeroed root and the
// down-sweep in shared memory with one block barrier per level. Here each level
// runs where its data lives:
//   * the leaves' pair inside each thread: its two elements come in with one
//     8-byte load;
//   * the next five levels across the 32 lanes of a warp. Up: lane L adds the
//     node `stride` lanes below (__shfl_xor_sync). Then the warp's root is
//     zeroed. Down: a right child takes its parent's value plus its left
//     sibling's old sum, the left child takes its parent's value: one
//     exchange between the two children per level (__shfl_xor_sync), which
//     reads both old values at once, so the swap needs no temporary;
//   * the remaining levels across the block's 16 warp totals: one barrier to
//     gather them, warp 0 runs the same trees, one barrier to hand them back.
// Two block barriers per section instead of one per level.
#include <cstddef>
#include <cstdint>

#include "lab.h"

namespace {

static_assert(ITEMS_PER_THREAD == 2 && SECTION_SIZE == 2 * BLOCK_SIZE, "two elements per thread");
constexpr unsigned WARPS = BLOCK_SIZE / 32;
static_assert(WARPS <= 32, "one warp scans the warps' totals");

// Blelloch's exclusive scan over one value per lane. At every level of both
// trees a node's two children are lanes L and R = L + stride with R + 1 a
// multiple of 2 * stride, so L = R ^ stride and R = L ^ stride: one
// __shfl_xor_sync hands each of them the other's old value, and a lane that is
// no child at this level ignores what it gets. If `total` is given, lane 31
// stores the sum of all 32 lanes there before its root is zeroed.
__device__ __forceinline__ float warp_blelloch(float value, unsigned lane, float* total) {
#pragma unroll
    for (unsigned stride = 1; stride < 32; stride *= 2) {  // up-sweep: Brent-Kung's reduction tree
        const float sibling = __shfl_xor_sync(0xffffffffu, value, stride);
        if ((lane + 1) % (2 * stride) == 0) value += sibling;
    }
    if (lane == 31) {
        if (total) *total = value;
        value = 0.0f;  // the root gets the identity
    }
#pragma unroll
    for (unsigned stride = 16; stride >= 1; stride /= 2) {  // down-sweep
        const float sibling = __shfl_xor_sync(0xffffffffu, value, stride);
        if ((lane + 1) % (2 * stride) == 0)
            value += sibling;  // right child: the parent's value + the left child's old sum
        else if ((lane + 1) % (2 * stride) == stride)
            value = sibling;   // left child: the parent's value (the right child held it)
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
blelloch_warp_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float warps[WARPS];  // each warp's total, then the sum of the warps before it

    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + 2 * t;

    // Past the end: the neutral 0, and the thread stays for the shuffles and barriers.
    const float2 pair = load_pair<Aligned>(input, i, n);
    const float lanes_before = warp_blelloch(pair.x + pair.y, lane, &warps[warp]);
    __syncthreads();
    if (warp == 0) {
        const float warps_before = warp_blelloch(lane < WARPS ? warps[lane] : 0.0f, lane, nullptr);
        if (lane < WARPS) warps[lane] = warps_before;
    }
    __syncthreads();

    const float before = warps[warp] + lanes_before;
    store_pair<Aligned>(output, i, n, make_float2(before, before + pair.x));
}

bool pair_aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % sizeof(float2) == 0; }

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    if (pair_aligned(input) && pair_aligned(output))
        blelloch_warp_kernel<true><<<sections, BLOCK_SIZE>>>(input, output, n);
    else
        blelloch_warp_kernel<false><<<sections, BLOCK_SIZE>>>(input, output, n);
}
