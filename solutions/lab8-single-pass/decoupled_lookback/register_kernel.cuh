// Lab 8, advanced reference (decoupled_lookback.cu): the register kernel, decoupled_scan_kernel,
// for 2^15 < n < 2^22 (STAGED_FROM_N).
//
// One block of 128 threads per tile of 4096 elements, the tile held in registers (32 per thread).
// Its path through a tile, in PMPP's terms:
//   1. load: each warp reads its 1024 elements as float4s, lane l taking vectors l, l + 32, ...
//      (coalesced: a warp's 32 loads of one step are 512 consecutive bytes), all eight issued
//      before any is used, so 128 bytes per thread are in flight at once;
//   2. publish the aggregate: straight from those registers (each lane's sum, warp_sum, the four
//      warps' totals through shared memory), before anything else, because successors wait for it;
//   3. transpose through shared memory so that lane l holds 32 *consecutive* elements (PMPP
//      11.5's first phase loads into shared memory for the same reason), then the coarsened scan:
//      each lane scans its 32 sequentially, the warp scans the lanes' totals (warp_inclusive_scan);
//   4. look back, with the whole block (predecessors_share, below): its tile's prefix;
//   5. add the prefix, transpose back, and store with coalesced float4s.
//
// Tile = blockIdx.x: no ticket (see the kernel). Progress in any block order comes from the
// fallback (protocol.cuh) instead, through register_tile_aggregate, which repeats the owner's
// additions exactly, so that the fallback's word has the same bits as the owner's.
#pragma once

#include <cstddef>

#include "protocol.cuh"   // peek, make_word, publish_aggregate, publish_for_owner, FALLBACK_POLLS
#include "tile_scan.cuh"  // warp_sum, warp_inclusive_scan, pad, load_float4_guarded

namespace {

// The register kernel's aggregate of `tile` as its owner computes it (decoupled_scan_kernel: each
// lane's eight float4s in order, warp_sum's butterfly, the warps' totals in order), by one thread:
// the fallback of predecessors_share publishes these very bits for an owner that has not run yet.
template <bool kVectorized>
__device__ __noinline__ float register_tile_aggregate(const float* __restrict__ input, unsigned tile, unsigned n) {
    const bool vectorized = kVectorized && std::size_t(tile + 1) * TILE <= n;
    float aggregate = 0.0f;
    #pragma unroll 1
    for (unsigned warp = 0; warp < WARPS; ++warp) {
        const std::size_t warp_base = std::size_t(tile) * TILE + warp * WARP_ITEMS;
        float lanes[32];
        #pragma unroll 1
        for (unsigned lane = 0; lane < 32; ++lane) {
            float own = 0.0f;
            #pragma unroll 1
            for (unsigned j = 0; j < ITEMS / 4; ++j) {
                const std::size_t i = warp_base + 4 * (lane + 32 * j);
                const float4 q = vectorized ? reinterpret_cast<const float4*>(input)[i / 4]
                                            : load_float4_guarded(input, i, n);
                own += (q.x + q.y) + (q.z + q.w);
            }
            lanes[lane] = own;
        }
        #pragma unroll 1
        for (unsigned d = 16; d > 0; d /= 2)  // warp_sum: lane l adds lane l ^ d's value
            for (unsigned l = 0; l < 32; ++l)
                if (l < (l ^ d)) {
                    const float a = lanes[l], b = lanes[l ^ d];
                    lanes[l] = a + b;
                    lanes[l ^ d] = b + a;
                }
        aggregate += lanes[0];
    }
    return aggregate;
}

constexpr unsigned LOOK_BACK_BATCH = 4;  // words each thread has in flight at once (see below)

// The register kernel's look-back, run by all kThreads threads of the block for a tile > 0. Its
// tiles publish their aggregates only (tile 0 INCLUSIVE, with the carry-in), so a tile's prefix is
// the sum of every word before it. Thread t adds the words of tiles tile - 1 - t, tile - 1 - t -
// kThreads, ..., LOOK_BACK_BATCH loads in flight at a time, and returns its share; the block adds
// the shares. One L2 round trip thus covers kThreads x LOOK_BACK_BATCH predecessors (512), where
// the warp's walk in look_back covers 32, and every tile of a launch is resident at once up to 2^22
// on an H100 or H200, so nothing waits for more than the aggregates themselves. A word still
// missing after FALLBACK_POLLS polls (in all) is computed from the input by the thread and
// published for its owner, as in look_back: the progress guarantee where tiles are not all
// resident, or run one at a time (the CPU backend).
template <bool kVectorized, unsigned kTile, unsigned kThreads>
__device__ float predecessors_share(unsigned tile, unsigned epoch, const float* __restrict__ input, unsigned n,
                                    const float* carry_in) {
    float share = 0.0f;
    unsigned polls = 0;
    for (unsigned first = threadIdx.x; first < tile; first += kThreads * LOOK_BACK_BATCH) {
        unsigned long long w[LOOK_BACK_BATCH];
        #pragma unroll
        for (unsigned b = 0; b < LOOK_BACK_BATCH; ++b) {
            const unsigned j = first + b * kThreads;
            w[b] = j < tile ? peek(tile - 1 - j) : make_word(epoch, false, 0.0f);
        }
        #pragma unroll
        for (unsigned b = 0; b < LOOK_BACK_BATCH; ++b) {
            const unsigned pred = tile - 1 - (first + b * kThreads);  // only read while w[b] is not ready
            while (word_epoch(w[b]) != epoch) {
                if (++polls > FALLBACK_POLLS) {
                    w[b] = publish_for_owner(pred, register_tile_aggregate<kVectorized>(input, pred, n), epoch, carry_in);
                    break;
                }
                __nanosleep(20);
                w[b] = peek(pred);
            }
            share += word_value(w[b]);
        }
    }
    return share;
}

// A warp's share of `tile`, striped for coalescing: q[j] holds elements 4 * (lane + 32 j) .. + 3
// of the warp's 1024. Full tiles with 16-byte aligned pointers take float4 loads (all issued
// before any is used); the last, partial tile and unaligned pointers take guarded scalar loads.
template <bool kVectorized>
__device__ __forceinline__ void load_striped(const float* __restrict__ input, unsigned tile, unsigned n,
                                             unsigned warp, unsigned lane, float4 (&q)[ITEMS / 4]) {
    const std::size_t warp_base = std::size_t(tile) * TILE + warp * WARP_ITEMS;
    if (kVectorized && std::size_t(tile + 1) * TILE <= n) {
        const float4* src = reinterpret_cast<const float4*>(input + warp_base);
        #pragma unroll
        for (unsigned j = 0; j < ITEMS / 4; ++j) q[j] = src[lane + 32 * j];
    } else {
        #pragma unroll
        for (unsigned j = 0; j < ITEMS / 4; ++j) {
            q[j] = load_float4_guarded(input, warp_base + 4 * (lane + 32 * j), n);
        }
    }
}

template <bool kVectorized>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS_PER_SM)
decoupled_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n,
                      unsigned epoch, const float* carry_in) {
    __shared__ float s_transpose[WARPS][WARP_ITEMS_PADDED];
    __shared__ float s_warp_totals[WARPS];
    __shared__ float s_tile_prefix[WARPS];  // each warp's share of the look-back

    const unsigned t = threadIdx.x;
    const unsigned lane = t & 31;
    const unsigned warp = t >> 5;

    // ---- tile = blockIdx.x: no ticket ----
    // This kernel serves small n (at most 1024 tiles, all resident at once on an H100 or H200:
    // 8 per SM), where the ticket's L2 round trip before the first load is a visible share of a
    // call. Without the ticket, forward progress comes from the fallback in predecessors_share: a
    // tile that waits too long on a predecessor computes that predecessor's aggregate itself.
    const unsigned tile = blockIdx.x;
    float4 q[ITEMS / 4];
    load_striped<kVectorized>(input, tile, n, warp, lane, q);

    // ---- publish the aggregate first, straight from the loaded registers ----
    // Successors wait for this word, so it goes out before the transposes and the local scan.
    float own = 0.0f;
    #pragma unroll
    for (unsigned j = 0; j < ITEMS / 4; ++j) own += (q[j].x + q[j].y) + (q[j].z + q[j].w);
    own = warp_sum(own);
    if (lane == 0) s_warp_totals[warp] = own;
    __syncthreads();
    float warp_prefix = 0.0f, aggregate = 0.0f;
    #pragma unroll
    for (unsigned w = 0; w < WARPS; ++w) {
        const float x = s_warp_totals[w];
        if (w < warp) warp_prefix += x;
        aggregate += x;
    }
    float tile_prefix = 0.0f;
    if (warp == 0) tile_prefix = publish_aggregate(tile, aggregate, epoch, carry_in);

    const std::size_t warp_base = std::size_t(tile) * TILE + warp * WARP_ITEMS;
    const bool full_tile = std::size_t(tile + 1) * TILE <= n;
    float* xs = s_transpose[warp];

    // ---- transpose: striped registers to ITEMS consecutive items per lane ----
    #pragma unroll
    for (unsigned j = 0; j < ITEMS / 4; ++j) {
        const unsigned f = 4 * (lane + 32 * j);
        xs[pad(f)] = q[j].x;
        xs[pad(f + 1)] = q[j].y;
        xs[pad(f + 2)] = q[j].z;
        xs[pad(f + 3)] = q[j].w;
    }
    __syncwarp();
    float v[ITEMS];
    #pragma unroll
    for (unsigned k = 0; k < ITEMS; ++k) v[k] = xs[pad(lane * ITEMS + k)];

    // ---- scan inside the tile ----
    #pragma unroll
    for (unsigned k = 1; k < ITEMS; ++k) v[k] += v[k - 1];  // sequential, per thread

    const float inclusive = warp_inclusive_scan(v[ITEMS - 1], lane);  // warp scan of thread totals
    float exclusive = __shfl_up_sync(FULL_MASK, inclusive, 1);
    if (lane == 0) exclusive = 0.0f;

    // ---- look back: every thread adds its share of the predecessors' words ----
    // (tile_prefix is the carry-in in warp 0 of tile 0, and 0 everywhere else)
    float share = tile_prefix;
    if (tile != 0) share += predecessors_share<kVectorized, TILE, THREADS>(tile, epoch, input, n, carry_in);
    share = warp_sum(share);
    if (lane == 0) s_tile_prefix[warp] = share;
    __syncthreads();

    float prefix = warp_prefix + exclusive;
    #pragma unroll
    for (unsigned w = 0; w < WARPS; ++w) prefix += s_tile_prefix[w];
    #pragma unroll
    for (unsigned k = 0; k < ITEMS; ++k) v[k] += prefix;

    // ---- store: transpose back, then coalesced (striped) stores ----
    #pragma unroll
    for (unsigned k = 0; k < ITEMS; ++k) xs[pad(lane * ITEMS + k)] = v[k];
    __syncwarp();
    if (kVectorized && full_tile) {
        float4* dst = reinterpret_cast<float4*>(output + warp_base);
        #pragma unroll
        for (unsigned j = 0; j < ITEMS / 4; ++j) {
            const unsigned f = 4 * (lane + 32 * j);
            dst[lane + 32 * j] = make_float4(xs[pad(f)], xs[pad(f + 1)], xs[pad(f + 2)], xs[pad(f + 3)]);
        }
    } else {
        #pragma unroll
        for (unsigned k = 0; k < ITEMS; ++k) {
            const unsigned f = lane + 32 * k;
            if (warp_base + f < n) output[warp_base + f] = xs[pad(f)];
        }
    }
}

}  // namespace
