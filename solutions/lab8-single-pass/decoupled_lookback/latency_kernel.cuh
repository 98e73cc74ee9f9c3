// Lab 8, advanced reference (decoupled_lookback.cu): the latency kernel, latency_scan_kernel, for
// n <= 2^15 (LATENCY_UP_TO_N).
//
// Up to LATENCY_UP_TO_N elements every tile is resident at once and a call's time is the length of
// one block's path, not bandwidth: ncu on an H100 (research/smalln/README.md) found the register
// kernel's warps issuing 470-790 instructions each at 2^10..2^16 (the transposes, 32 items per lane)
// against about 70 in lab 5's section scan. Here each thread holds LATENCY_ROWS float4s, row r of
// the tile being float4s r * LATENCY_THREADS .. + LATENCY_THREADS - 1 (coalesced, no transpose):
// three adds per float4, warp scans of the rows side by side, and the look-back.
//
// In PMPP's terms the tile is scanned in 11.5's three phases with little coarsening: a thread
// scans its own 4 elements (one float4), the warp scans its 32 threads' totals, every warp scans
// the 16 warps' totals itself (so no second barrier is needed), and the rows follow each other.
// Then, by the number of tiles in the launch (gridDim.x), one of three ways to the tile's prefix:
//   one tile             no predecessor: the prefix is the carry-in, nothing to publish, nobody
//                        to wait for;
//   up to 4 tiles        each block adds up the tiles before it itself (latency_earlier_tiles_sum),
//                        loads issued with its own: again no other block is involved;
//   more tiles           warp 0 publishes the aggregate and looks back (protocol.cuh), with the
//                        fallback latency_fallback for predecessors that have not started.
// The shape and the switches (LATENCY_*) are in decoupled_lookback.cu, with their measurements.
#pragma once

#include <cstddef>

#include "protocol.cuh"   // publish_aggregate, look_back_and_publish, LOOK_BACK_WINDOW
#include "tile_scan.cuh"  // warp_sum, warp_inclusive_scan, load/store_float4_guarded

namespace {

// In a launch of at most LATENCY_SELF_PREFIX_TILES tiles: the sum of the calling thread's float4s of
// every tile before `tile` (whole tiles, all inside n), loaded together and summed as they arrive.
template <bool kVectorized>
__device__ __forceinline__ float latency_earlier_tiles_sum(const float* __restrict__ input, unsigned tile,
                                                           unsigned n) {
    float sum = 0.0f;
    #pragma unroll
    for (unsigned b = 0; b + 1 < LATENCY_SELF_PREFIX_TILES; ++b) {
        #pragma unroll
        for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
            const std::size_t i = std::size_t(b) * LATENCY_TILE + 4 * threadIdx.x + 4 * LATENCY_THREADS * r;
            if (b < tile) {
                const float4 e = kVectorized ? reinterpret_cast<const float4*>(input)[i / 4]
                                             : load_float4_guarded(input, i, n);
                sum += (e.x + e.y) + (e.z + e.w);
            }
        }
    }
    return sum;
}

// The latency kernel's aggregate of `tile` as its owner computes it (each thread's float4 of a row
// summed in order, warp_inclusive_scan over the lanes, the same over the warps' totals, the rows in
// order), by one warp: the fallback of look_back publishes these very bits for an owner that has
// not run yet, so the output does not depend on which of the two published first.
template <bool kVectorized>
struct latency_fallback {
    static constexpr bool enabled = true;
    __device__ static float aggregate(const float* __restrict__ input, unsigned tile, unsigned n) {
        const unsigned lane = threadIdx.x & 31;
        float before_row = 0.0f;
        #pragma unroll 1
        for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
            float warp_total = 0.0f;  // lane w: warp w's total of this row
            #pragma unroll 1
            for (unsigned w = 0; w < LATENCY_WARPS; ++w) {
                const std::size_t i = std::size_t(tile) * LATENCY_TILE + 4 * (32 * w + lane) + 4 * LATENCY_THREADS * r;
                float4 q = kVectorized && i + 4 <= n ? reinterpret_cast<const float4*>(input)[i / 4]
                                                     : load_float4_guarded(input, i, n);
                q.y += q.x;
                q.z += q.y;
                q.w += q.z;
                const float total = __shfl_sync(FULL_MASK, warp_inclusive_scan(q.w, lane), 31);
                if (lane == w) warp_total = total;
            }
            const float totals = warp_inclusive_scan(lane < LATENCY_WARPS ? warp_total : 0.0f, lane);
            before_row += __shfl_sync(FULL_MASK, totals, LATENCY_WARPS - 1);
        }
        return before_row;
    }
};
static_assert(LATENCY_UP_TO_N / LATENCY_TILE <= LOOK_BACK_WINDOW,
              "the fallback computes aggregates only: a launch must fit in one look-back window");

template <bool kVectorized>
__global__ void __launch_bounds__(LATENCY_THREADS, LATENCY_MIN_BLOCKS_PER_SM)
latency_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
                    const float* carry_in) {
    __shared__ float s_warp_totals[LATENCY_ROWS][LATENCY_WARPS];
    __shared__ float s_earlier_totals[LATENCY_WARPS];  // self prefix: each warp's share of the earlier tiles
    __shared__ float s_tile_prefix;
    const unsigned t = threadIdx.x;
    const unsigned lane = t & 31;
    const unsigned warp = t >> 5;
    const unsigned tile = blockIdx.x;  // no ticket: the fallback in look_back gives progress
    const std::size_t base = std::size_t(tile) * LATENCY_TILE + 4 * t;

    float4 q[LATENCY_ROWS];
    #pragma unroll
    for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
        const std::size_t i = base + 4 * LATENCY_THREADS * r;
        if (kVectorized && i + 4 <= n)  // the float4 wholly inside n: one access
            q[r] = reinterpret_cast<const float4*>(input)[i / 4];
        else
            q[r] = load_float4_guarded(input, i, n);
    }
    const bool self_prefix = gridDim.x > 1 && gridDim.x <= LATENCY_SELF_PREFIX_TILES;
    if (self_prefix) {
        const float earlier = warp_sum(latency_earlier_tiles_sum<kVectorized>(input, tile, n));
        if (lane == 0) s_earlier_totals[warp] = earlier;
    }
    float exclusive[LATENCY_ROWS];
    #pragma unroll
    for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
        q[r].y += q[r].x;
        q[r].z += q[r].y;
        q[r].w += q[r].z;
        const float inclusive = warp_inclusive_scan(q[r].w, lane);
        const float below = __shfl_up_sync(FULL_MASK, inclusive, 1);  // every lane: a warp collective
        exclusive[r] = lane == 0 ? 0.0f : below;
        if (lane == 31) s_warp_totals[r][warp] = inclusive;
    }
    __syncthreads();

    // Every warp scans the warp totals itself: its own prefix in each row and the tile's aggregate
    // without a second barrier. Warp 0 publishes and looks back; the others meet it below.
    float before_row = 0.0f;  // the tile's elements in the rows above row r
    #pragma unroll
    for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
        const float totals = warp_inclusive_scan(lane < LATENCY_WARPS ? s_warp_totals[r][lane] : 0.0f, lane);
        const float below = __shfl_sync(FULL_MASK, totals, warp == 0 ? 0 : warp - 1);
        exclusive[r] += before_row + (warp == 0 ? 0.0f : below);
        before_row += __shfl_sync(FULL_MASK, totals, LATENCY_WARPS - 1);
    }
    // One tile (n <= LATENCY_TILE): nothing to publish, nobody to wait for, no second barrier.
    // With the float4 accesses above this took 0.4-0.7 us off a 7-8 us isolated call at
    // 2^10..2^12 on an H100 and an H200 (research/smalln/README.md).
    float tile_prefix;
    if (gridDim.x == 1) {
        tile_prefix = carry_in != nullptr ? *carry_in : 0.0f;
    } else if (self_prefix) {
        // Nothing to publish or wait for either (measured: research/smalln/README.md).
        tile_prefix = (carry_in != nullptr ? *carry_in : 0.0f) +
                      warp_sum(lane < LATENCY_WARPS ? s_earlier_totals[lane] : 0.0f);
    } else {
        if (warp == 0) {
            const float aggregate = before_row;
            float prefix = publish_aggregate(tile, aggregate, epoch, carry_in);
            if (tile != 0)
                prefix = look_back_and_publish<latency_fallback<kVectorized>>(tile, aggregate, epoch, input, n, carry_in);
            if (lane == 0) s_tile_prefix = prefix;
        }
        __syncthreads();
        tile_prefix = s_tile_prefix;
    }
    #pragma unroll
    for (unsigned r = 0; r < LATENCY_ROWS; ++r) {
        const float prefix = tile_prefix + exclusive[r];
        const float4 v = make_float4(q[r].x + prefix, q[r].y + prefix, q[r].z + prefix, q[r].w + prefix);
        const std::size_t i = base + 4 * LATENCY_THREADS * r;
        if (kVectorized && i + 4 <= n)  // the float4 wholly inside n: one access
            reinterpret_cast<float4*>(output)[i / 4] = v;
        else
            store_float4_guarded(output, i, n, v);
    }
}

}  // namespace
