// Lab 8, advanced reference (decoupled_lookback.cu): the ring kernel, part 1 of 2: the pipeline.
// For n >= 2^22 (STAGED_FROM_N) on compute capability 9.0 and later (Hopper).
//
// The ring kernel is a producer/consumer pipeline inside one block per SM. Between the roles sits
// a ring of RING_SLOTS buffers in shared memory, a bounded buffer as in any operating-systems
// course: the producer fills a buffer only once it is empty, its readers read it only once it is
// full. "Full" and "empty" are arrive/wait barriers (cuda::barrier, one pair per buffer): a role
// arrives on a barrier when it is done, and waiting on it returns once the expected number of
// arrivals has come. Each barrier completes one phase per use of its buffer, and a waiter names
// the use it waits for by its parity: wait_parity(use & 1) returns once that phase has completed.
// Parity is enough because no role ever gets two uses ahead of another on the same barrier: the
// ring has RING_ENTRIES tickets in flight, and each entry's next use waits for its previous one.
//
// This file: the ring's shape (RING_*), its shared state (RingShared), and the producer warp,
// which draws tickets and has the bulk-copy engine fill the buffers. ring_kernel.cuh holds the
// readers (reduce, look-back, consume), the kernel that assigns the roles, and its launch. The
// first comment below says why the kernel is built this way, role by role, with what it measured.
#pragma once

#include <cstddef>

#include <cuda/annotated_ptr>  // cuda::apply_access_property: the L2 prefetch
#include <cuda/barrier>         // arrive/wait barriers and bulk copies

#include "protocol.cuh"       // draw_ticket
#include "staged_kernel.cuh"  // STAGED_TILE, STAGED_THREADS: a ring buffer holds one staged tile
#include "tile_scan.cuh"      // FULL_MASK, load_float4_guarded

namespace {

// ---- the ring kernel (large n, compute capability 9.0 and later) ------------------------------
// The staged kernel keeps a tile in shared memory from its ticket to its stores, so a tile that
// waits for its prefix holds 32 KB and a block slot the whole time: on an H200 that wait is what
// stands between 0.88 and 0.97 of a copy (the staged kernel without its wait; research/smalln,
// rounds 26-27). Here one block per SM takes tickets until they run out, and its warps split the
// work so that nothing which moves bytes in ever waits for a prefix:
//   producer warp    waits for a free entry of the ring (RING_PARTS buffers of 32 KB), draws a
//                    ticket, and hands each part's copy to the bulk-copy engine (TMA:
//                    cuda::device::memcpy_async_tx);
//   reduce warps     sum each landed part; the last one of a ticket publishes its aggregate
//                    (they wait for nothing else);
//   look-back warps  one per entry: walk back from the moment the ticket is drawn, publish the
//                    ticket's INCLUSIVE word, and hand each part its prefix;
//   consumer groups  copy a landed part into registers and free its buffer at once, then wait for
//                    the prefix and store. A waiting part holds registers, not a buffer, so the
//                    ring keeps loading.
// Why a ticket covers two tiles: a look-back walks back to the nearest INCLUSIVE word, which is
// as old as a prefix takes to be known (11-12 us on an H200 at 2^28, research/smalln/probe), so it
// walks past every ticket drawn in that time, 32 per L2 round trip. With one tile per ticket the
// H200 draws tickets as fast as the walks can pass them, and the walk sets the pace (0.91-0.92 of
// a copy); two tiles per ticket halve the words to pass (0.95-0.96). Three lost (0.86: two
// entries are too few look-backs in flight), and so did reading 2-8 words per lane per step
// (0.85-0.91: each step's round trip grew). (These were measured with the look-back that walked
// until an INCLUSIVE word, before the fixed window of protocol.cuh.)
// The roles hand over through arrive/wait barriers (cuda::barrier) in shared memory.
// Progress in any schedule: a drawn ticket's aggregate depends only on its copies, so every
// look-back ends. Measured back to back against cudaMemcpy at 2^26 / 2^28 / 2^30
// (research/lookback/NOTES.md, round 29): H200 0.93-0.95 / 0.95-0.96 / 0.96 (one tile per ticket:
// 0.90-0.92), H100 1.00 (as with one tile). 8 reduce warps beat 4 by 0.3-0.8% on the H200 (equal
// on the H100); a third consumer group lost 1-3% (round 27).
constexpr unsigned RING_SLOTS = 6;           // 32 KB buffers: 192 KB of the SM's 228 KB
constexpr unsigned RING_PARTS = 2;           // buffers (tiles) per ticket
constexpr unsigned RING_ENTRIES = RING_SLOTS / RING_PARTS;  // tickets in the ring at once
constexpr unsigned RING_TICKET_TILE = RING_PARTS * STAGED_TILE;  // 16384 elements per ticket
constexpr unsigned RING_GROUPS = 2;          // consumer groups of STAGED_THREADS threads
constexpr unsigned RING_REDUCE_WARPS = 8;
// How far ahead the producer fetches into L2, in 32 KB tiles: further on faster memory. Measured
// with tickets of two tiles: H100 (3.35 TB/s) 64 tiles 1.00 of cudaMemcpy, 96 0.99, 128 0.98;
// H200 (4.8 TB/s) 64 0.94-0.95, 96 0.94-0.96, 128 0.95-0.96, 160 as 128.
constexpr unsigned RING_PREFETCH_AHEAD = 64;
constexpr unsigned RING_PREFETCH_AHEAD_FAST_MEMORY = 128;
constexpr double RING_FAST_MEMORY_BYTES_PER_S = 4e12;  // peak DRAM bandwidth from which the longer distance is taken
constexpr unsigned RING_FIRST_REDUCE = 32;
constexpr unsigned RING_FIRST_LOOK_BACK = RING_FIRST_REDUCE + 32 * RING_REDUCE_WARPS;
constexpr unsigned RING_FIRST_CONSUMER = RING_FIRST_LOOK_BACK + 32 * RING_ENTRIES;
constexpr unsigned RING_THREADS = RING_FIRST_CONSUMER + RING_GROUPS * STAGED_THREADS;  // 896
constexpr unsigned RING_BUFFER_BYTES = RING_SLOTS * STAGED_TILE * sizeof(float);
constexpr unsigned RING_DONE = 0xffffffffu;  // the ticket of an entry after the block's last ticket
constexpr unsigned RING_REDUCE_ARRIVALS = RING_PARTS * RING_REDUCE_WARPS;  // per ticket
// A buffer is free again once the reduce warps, every consumer warp of its group and its
// look-back warp (which reads the ticket) are done with it.
constexpr unsigned RING_EMPTY_ARRIVALS = 1 + STAGED_WARPS + 1;
static_assert(RING_THREADS <= 1024 && RING_SLOTS % RING_PARTS == 0 && RING_SLOTS % RING_GROUPS == 0, "ring shape");
static_assert((STAGED_TILE / 4) % (32 * RING_REDUCE_WARPS) == 0, "whole float4 rows per reduce warp");

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

// Buffer `slot` holds part slot % RING_PARTS of the ticket of entry slot / RING_PARTS. Iteration i
// of a buffer's reader uses buffer i % RING_SLOTS in phase (i / RING_SLOTS) & 1; use u of an entry
// is phase u & 1 of each of its buffers. RING_SLOTS is a multiple of RING_GROUPS, so each buffer
// is always read by the same group, and a group never waits on a buffer's barrier while another
// group's phase of it is still open.
struct RingShared {
    block_barrier full[RING_SLOTS];          // the part (or RING_DONE) is in the buffer
    block_barrier empty[RING_SLOTS];         // every reader is done with the buffer
    block_barrier drawn[RING_ENTRIES];       // the entry's ticket is written
    // The ticket's sums are written; one barrier per use parity, because the look-back warp frees
    // the buffers before it waits here, so the next use's sums may be written meanwhile.
    block_barrier reduced[RING_ENTRIES][2];
    block_barrier prefix_ready[RING_SLOTS];  // the look-back warp has the part's prefix
    block_barrier prefix_taken[RING_SLOTS];  // its consumers have read it
    block_barrier rows_written[RING_GROUPS];  // every warp of the group has its row totals written
    unsigned ticket[RING_ENTRIES];
    float prefix[RING_SLOTS];
    float reduce_partial[RING_SLOTS][RING_REDUCE_WARPS];
    unsigned reduce_arrived[RING_ENTRIES];   // reduce warps done, counted up for ever
    float part_sum[RING_ENTRIES][2][RING_PARTS];  // by use parity, as `reduced`
    float rows[RING_GROUPS][2][STAGED_VECTORS][STAGED_WARPS];  // two tiles per group in turn
};

// The part's copy by the bulk-copy engine (TMA), which arrives on `full` once its bytes have
// landed. Compute capability 9.0 and later: launch_ring never launches a build for an older GPU.
__device__ __forceinline__ void ring_bulk_copy(float4* buffer, const float* source, block_barrier& full) {
#if __CUDA_ARCH__ >= 900
    constexpr unsigned bytes = STAGED_TILE * sizeof(float);
    cuda::device::memcpy_async_tx(buffer, reinterpret_cast<const float4*>(source), cuda::aligned_size_t<16>(bytes), full);
    (void)cuda::device::barrier_arrive_tx(full, 1, bytes);
#else
    __trap();
#endif
}

// One part of a ticket into its buffer: elements from `base`, by a bulk copy when whole and
// aligned, else by guarded loads (zeros past n: the last ticket's second part may lie past n).
template <bool kVectorized>
__device__ void ring_fill(float4* buffer, const float* __restrict__ input, std::size_t base, unsigned n,
                          unsigned prefetch_tiles, block_barrier& full) {
    const unsigned lane = threadIdx.x & 31;
    if (kVectorized && base + STAGED_TILE <= n) {
        // As in the staged kernel: the copies then mostly hit L2 (one 128-byte line per request).
        const std::size_t ahead = base + std::size_t(prefetch_tiles) * STAGED_TILE;
        if (ahead + STAGED_TILE <= n) {
            #pragma unroll
            for (unsigned line = lane; line < STAGED_TILE / 32; line += 32)
                cuda::apply_access_property(input + ahead + 32 * line, 128, cuda::access_property::normal{});
        }
        if (lane == 0) ring_bulk_copy(buffer, input + base, full);
    } else {
        for (unsigned v = lane; v < STAGED_TILE / 4; v += 32)
            buffer[v] = load_float4_guarded(input, base + 4 * std::size_t(v), n);
        __syncwarp();
        if (lane == 0) (void)full.arrive();
    }
}

// Warp 0. After its last ticket it fills RING_ENTRIES entries with RING_DONE, so every reader stops.
// Bulk copies (the async proxy) only ever overwrite buffers that the generic proxy read, which the
// barriers order; the one tile that is written here with plain stores (the last, partial one, or
// every tile when the pointers are not 16-byte aligned) is never overwritten by a bulk copy.
template <bool kVectorized>
__device__ void ring_produce(RingShared& s, float4* ring, const float* __restrict__ input, unsigned n,
                             unsigned tickets, unsigned prefetch_tiles) {
    const unsigned lane = threadIdx.x & 31;
    const unsigned last_draw = tickets + gridDim.x - 1;  // every block draws exactly one ticket >= tickets
    unsigned done_at = RING_DONE;
    for (unsigned j = 0; done_at == RING_DONE || j < done_at + RING_ENTRIES; ++j) {
        const unsigned entry = j % RING_ENTRIES;
        if (j >= RING_ENTRIES) {
            #pragma unroll
            for (unsigned h = 0; h < RING_PARTS; ++h)
                s.empty[entry * RING_PARTS + h].wait_parity((j / RING_ENTRIES - 1) & 1);
        }
        unsigned ticket = RING_DONE;
        if (done_at == RING_DONE) {
            unsigned drawn = 0;
            if (lane == 0) drawn = draw_ticket(last_draw);
            ticket = __shfl_sync(FULL_MASK, drawn, 0);
            if (ticket >= tickets) {
                ticket = RING_DONE;
                done_at = j;
            }
        }
        if (lane == 0) {
            s.ticket[entry] = ticket;
            (void)s.drawn[entry].arrive();
        }
        #pragma unroll
        for (unsigned h = 0; h < RING_PARTS; ++h) {
            const unsigned slot = entry * RING_PARTS + h;
            if (ticket == RING_DONE) {
                if (lane == 0) (void)s.full[slot].arrive();
            } else {
                const std::size_t base = (std::size_t(ticket) * RING_PARTS + h) * STAGED_TILE;
                ring_fill<kVectorized>(ring + slot * (STAGED_TILE / 4), input, base, n, prefetch_tiles, s.full[slot]);
            }
        }
    }
}

}  // namespace
