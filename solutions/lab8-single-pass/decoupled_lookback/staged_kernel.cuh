// Lab 8, advanced reference (decoupled_lookback.cu): the staged kernel, staged_scan_kernel, for
// n >= 2^22 (STAGED_FROM_N) on GPUs before Hopper (compute capability below 9.0).
//
// At large n the scan is a stream: every element is read once and written once, and the only
// question is whether the SMs keep enough bytes in flight to use the memory's bandwidth. A tile
// spends much of its life waiting for its prefix, and whatever holds its data while it waits
// limits how many tiles an SM can have in flight. The register kernel holds them in registers:
// the register file (64K words per SM) caps it at 32K elements in flight per SM. This kernel
// copies its tile straight from global into shared memory with asynchronous copies (cp.async, via
// <cuda_pipeline.h>), which hold no registers while in flight, and keeps it there through the
// look-back: 6 blocks x 32 KB = 192 KB of the SM's 228 KB.
//
// Two more things overlap the waits:
//   * an L2 prefetch: while its ticket is drawn, a block has tile blockIdx.x + 32 fetched into L2,
//     so the copies of a later block mostly hit L2 (see the kernel for why a prefetch, not a copy);
//   * a ninth warp without data, the look-ahead warp, walks back over the predecessors while the
//     tile's copies are still in flight; the data warps publish the aggregate themselves.
// Measured on an H100 at 2^28 / 2^30: 0.98-0.99 of a copy, 1.20-1.21x CUB (CUB: 0.82 of a copy);
// 0.95 without the look-ahead warp, 0.87 without the prefetch, 0.80 for the register kernel. On
// an H200: 0.88, 1.20x CUB. On Hopper the ring kernel (ring_kernel.cuh) takes these sizes
// instead; it reuses this kernel's tile layout and row scan (STAGED_*, staged_row_prefix).
//
// The tile, 256 threads x 8 float4s = 8192 elements, in shared memory. Thread t owns the float4s
// t, t + 256, ..., t + 7 * 256 of the tile: it copies them in, sums them and writes them out, so
// consecutive threads touch consecutive 16-byte words (coalesced, no bank conflicts) and no
// thread ever reads another's copy (no barrier needed between the copy and its use). The scan
// order is row by row: row k is the float4s 256 k .. 256 k + 255, one per thread; within a row,
// a thread's float4 is scanned by the thread, the row by warp scans and the warps' row totals.
#pragma once

#include <cstddef>

#include <cuda/annotated_ptr>  // cuda::apply_access_property: the L2 prefetch
#include <cuda_pipeline.h>     // __pipeline_memcpy_async: cp.async

#include "protocol.cuh"   // draw_ticket, publish, publish_inclusive, look_back, no_fallback
#include "tile_scan.cuh"  // warp_inclusive_scan, load/store_float4_guarded

namespace {

constexpr unsigned STAGED_BLOCK_THREADS = STAGED_THREADS + 32;     // + the look-ahead warp (see the kernel)
constexpr unsigned STAGED_PREFETCH_AHEAD = 32;  // block b has tile b + 32 fetched into L2 (see the kernel)

// Thread t's float4s of `tile` into shared memory: asynchronous copies for a full tile with
// aligned pointers, guarded scalar loads for the last, partial tile or unaligned pointers.
template <bool kVectorized>
__device__ __forceinline__ void stage_tile(float4* data, const float* __restrict__ input, unsigned tile, unsigned n) {
    const std::size_t base = std::size_t(tile) * STAGED_TILE;
    const unsigned t = threadIdx.x;
    if (kVectorized && base + STAGED_TILE <= n) {
        const float4* src = reinterpret_cast<const float4*>(input + base);
        #pragma unroll
        for (unsigned k = 0; k < STAGED_VECTORS; ++k)
            __pipeline_memcpy_async(&data[t + STAGED_THREADS * k], &src[t + STAGED_THREADS * k], sizeof(float4));
        __pipeline_commit();
    } else {
        #pragma unroll
        for (unsigned k = 0; k < STAGED_VECTORS; ++k) {
            const unsigned v = t + STAGED_THREADS * k;
            data[v] = load_float4_guarded(input, base + 4 * std::size_t(v), n);
        }
    }
}

// The sum of row k's float4 t (the calling data thread's), and its inclusive scan across the warp.
__device__ __forceinline__ float staged_row_scan(const float4* data, unsigned k, unsigned lane, float* own) {
    const float4 q = data[threadIdx.x + STAGED_THREADS * k];
    *own = (q.x + q.y) + (q.z + q.w);
    return warp_inclusive_scan(*own, lane);
}

// What comes before the calling warp's float4s of row k: `running` (everything before the row)
// plus the row's earlier warps. Moves `running` past the row.
__device__ __forceinline__ float staged_row_prefix(const float (*row_totals)[STAGED_WARPS], unsigned k, unsigned warp,
                                                   float& running) {
    float before = running;
    #pragma unroll
    for (unsigned w = 0; w < STAGED_WARPS; ++w) {
        const float x = row_totals[k][w];
        if (w < warp) before += x;
        running += x;
    }
    return before;
}

// The tile's sum from the row totals (any thread, after they are all written).
__device__ __forceinline__ float staged_aggregate(const float (*row_totals)[STAGED_WARPS]) {
    float sum = 0.0f;
    #pragma unroll
    for (unsigned k = 0; k < STAGED_VECTORS; ++k)
        #pragma unroll
        for (unsigned w = 0; w < STAGED_WARPS; ++w) sum += row_totals[k][w];
    return sum;
}

// Block = the 256 data threads, plus one warp without data: the look-ahead warp. Why: a probe of
// every tile's life on an H200 (research/lookback/NOTES.md, round 17) found 3.3 of its 13.5 us in the
// look-back *after* every predecessor had published, i.e. walking back over their status words
// one L2 round trip per 32, and 4.5 us in the copy. The walk needs nothing of the tile, so the
// look-ahead warp starts it as soon as the ticket is known and it overlaps the copy. The tile's
// aggregate must still be published without waiting for the walk (otherwise each tile would wait
// for its predecessor's walk: a chained scan), so the data warps publish it themselves. Measured
// (rounds 21-23): +3% on the H200, +3-4% on the H100 (0.95 -> 0.98-0.99 of a copy).
template <bool kVectorized>
__global__ void __launch_bounds__(STAGED_BLOCK_THREADS, STAGED_MIN_BLOCKS_PER_SM)
staged_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n,
                   unsigned epoch, const float* carry_in) {
    __shared__ float4 s_data[STAGED_THREADS * STAGED_VECTORS];
    __shared__ float s_row_totals[STAGED_VECTORS][STAGED_WARPS];  // per row, per data warp
    __shared__ unsigned s_tile;
    __shared__ unsigned s_arrived;  // data warps whose row totals are written
    __shared__ float s_tile_prefix;
    const unsigned t = threadIdx.x;
    const unsigned lane = t & 31;
    const unsigned warp = t >> 5;
    const bool look_ahead = t >= STAGED_THREADS;  // the warp without data

    // ---- ticket (look-ahead warp); meanwhile the data threads have a tile fetched into L2 ----
    // Tickets come back from the atomic in nearly random order (measured on an H100 at 2^28: 98% of
    // blocks get a ticket other than blockIdx.x, typically 20 tiles away), so copying a guessed
    // tile while the atomic is in flight is almost always wasted, and the block must wait for that
    // copy before it may refill the buffer. An L2 prefetch costs neither: each data thread asks for
    // one 128-byte line. Block b asks for tile b + 32 (blocks below 32 for tile b as well), so every
    // tile is asked for once, a few dozen block starts before its ticket is drawn: the copies below
    // then mostly hit L2, and a copy that must wait for DRAM would hold the SM's request slots for
    // the whole DRAM latency (an L2 prefetch holds none).
    static_assert(STAGED_TILE == 32 * STAGED_THREADS, "one 128-byte line of the prefetch per data thread");
    const bool single_tile = gridDim.x == 1;
    if (look_ahead) {
        if (lane == 0) {
            unsigned ticket = 0;
            if (!single_tile) {
                ticket = draw_ticket(gridDim.x - 1);
            }
            s_tile = ticket;
            s_arrived = 0;
        }
    } else {
        const auto prefetch = [&](std::size_t which) {
            const std::size_t first = which * STAGED_TILE;
            if (kVectorized && first + STAGED_TILE <= n)
                cuda::apply_access_property(input + first + 32 * t, 128, cuda::access_property::normal{});
        };
        prefetch(std::size_t(blockIdx.x) + STAGED_PREFETCH_AHEAD);
        if (blockIdx.x < STAGED_PREFETCH_AHEAD) prefetch(blockIdx.x);
    }
    __syncthreads();  // (1) the ticket
    const unsigned tile = s_tile;

    if (look_ahead) {
        // ---- look back while the data warps' copies are in flight ----
        // The walk needs nothing of this tile, so it starts as soon as the ticket is known instead
        // of after the tile has landed. Tiles come from the ticket, so no fallback is needed: every
        // smaller ticket's block is already running, and its data warps publish its aggregate
        // without waiting for anything.
        float tile_prefix = 0.0f;
        if (tile == 0) tile_prefix = (carry_in != nullptr) ? *carry_in : 0.0f;
        else tile_prefix = look_back<no_fallback>(tile, epoch, nullptr, 0, nullptr);
        if (lane == 0) s_tile_prefix = tile_prefix;
    } else {
        // ---- copy the tile in, row totals, publish the aggregate (the last data warp) ----
        stage_tile<kVectorized>(s_data, input, tile, n);
        __pipeline_wait_prior(0);  // this thread's copies have landed (it reads only its own)
        #pragma unroll
        for (unsigned k = 0; k < STAGED_VECTORS; ++k) {
            float own;
            const float inclusive = staged_row_scan(s_data, k, lane, &own);
            if (lane == 31) s_row_totals[k][warp] = inclusive;
        }
        // Successors wait for this aggregate, so it must not wait for the look-back (a barrier
        // would): each data warp counts its arrival, and the last one adds the row totals and
        // publishes. The fences order lane 31's totals (made visible to lane 0 by __syncwarp)
        // before the count, and the other warps' totals before the last warp reads them.
        __syncwarp();
        unsigned arrived_before = 0;
        if (lane == 0) {
            __threadfence_block();
            arrived_before = atomicAdd(&s_arrived, 1u);
            __threadfence_block();
        }
        arrived_before = __shfl_sync(FULL_MASK, arrived_before, 0);
        if (arrived_before == STAGED_WARPS - 1 && tile != 0 && lane == 0)  // tile 0: INCLUSIVE only, below
            publish(tile, make_word(epoch, false, staged_aggregate(s_row_totals)));
    }
    __syncthreads();  // (2) every row total, and the tile's prefix

    if (look_ahead) {
        if (lane == 0) publish_inclusive(tile, epoch, s_tile_prefix + staged_aggregate(s_row_totals));
        return;
    }

    // ---- add the prefixes and store, row by row ----
    // The in-row prefixes are computed again here rather than kept across the barriers: held in
    // registers they would spill at 6 blocks of 288 threads per SM.
    const std::size_t base = std::size_t(tile) * STAGED_TILE;
    const bool full_tile = base + STAGED_TILE <= n;
    float running = s_tile_prefix;  // the tile's prefix, then each row's total in turn
    #pragma unroll 1
    for (unsigned k = 0; k < STAGED_VECTORS; ++k) {
        const float before = staged_row_prefix(s_row_totals, k, warp, running);
        float own;
        const float inclusive = staged_row_scan(s_data, k, lane, &own);
        const float4 q = s_data[t + STAGED_THREADS * k];
        float4 r;
        r.x = before + (inclusive - own) + q.x;
        r.y = r.x + q.y;
        r.z = r.y + q.z;
        r.w = r.z + q.w;
        const std::size_t i = base + 4 * std::size_t(t + STAGED_THREADS * k);
        if (kVectorized && full_tile)
            reinterpret_cast<float4*>(output + base)[t + STAGED_THREADS * k] = r;
        else
            store_float4_guarded(output, i, n, r);
    }
}

template <bool kVectorized>
void launch_staged(unsigned tiles, const float* input, float* output, unsigned count, unsigned epoch,
                   const float* carry_in) {
    // Once per kernel: the largest shared-memory carveout, so that 6 blocks of 32 KB fit on an SM.
    static const cudaError_t carveout =
        cudaFuncSetAttribute(staged_scan_kernel<kVectorized>, cudaFuncAttributePreferredSharedMemoryCarveout, 100);
    (void)carveout;
    staged_scan_kernel<kVectorized><<<tiles, STAGED_BLOCK_THREADS>>>(input, output, count, epoch, carry_in);
}

// Tiles of `tile` elements that cover `count` (the last one partial). For every kernel's grid:
// launch_staged's callers, launch_ring (tickets of two tiles) and scan().
unsigned tiles_covering(unsigned count, unsigned tile) { return count / tile + (count % tile != 0); }

}  // namespace
