// Lab 8, advanced reference (decoupled_lookback.cu): the ring kernel, part 2 of 2: the readers of
// the ring, the kernel, and its launch. (Part 1, ring_pipeline.cuh: the ring and its producer.)
//
// Each landed ticket (two staged tiles, "parts") is read by three roles, each doing one step of
// the scan, so that nothing which moves bytes in (the producer, the copy engine) ever waits for
// another tile: a part that waits for its prefix holds a consumer's registers, not a buffer.
//   reduce warps     the parts' sums: the ticket's aggregate, published at once (protocol step 1);
//   look-back warp   one per entry of the ring: looks back from the moment the ticket is drawn
//                    (protocol.cuh's look_back, no fallback: tickets), publishes the ticket's
//                    INCLUSIVE word (step 3) and hands each part its own prefix;
//   consumer group   two groups of 256 threads, taking the parts in turn: a part into registers
//                    (and its buffer freed at once), the staged kernel's row scan, then the
//                    part's prefix, and the stores.
// The reduce warps and the consumers both sum the same float4s, in different groupings; the
// ticket's aggregate, its INCLUSIVE word and its parts' prefixes are all built from the reduce
// warps' sums (part_sum), in a fixed order, so the output's bits do not depend on timing.
//
// ring_scan_kernel gives each thread its role by its index (RING_FIRST_*), after thread 0 has
// initialised the barriers. launch_ring launches one block per SM, if this build and this GPU
// can run it; otherwise scan() takes the staged kernel.
#pragma once

#include <cstddef>

#include <cuda/barrier>

#include "protocol.cuh"       // publish, publish_inclusive, look_back, no_fallback
#include "ring_pipeline.cuh"  // RingShared, ring_produce, RING_*
#include "staged_kernel.cuh"  // staged_row_prefix, STAGED_*
#include "tile_scan.cuh"      // warp_sum, warp_inclusive_scan, store_float4_guarded

namespace {

// The reduce warps: every landed part's sum. The last warp to finish a ticket adds the warps'
// sums (in part and warp order, so the result does not depend on timing), publishes the ticket's
// aggregate and hands the parts' sums to the look-back warp. The count cannot run ahead into the
// entry's next ticket: that ticket cannot land before this one's last reduce warp has freed the
// entry's buffers.
__device__ void ring_reduce(RingShared& s, const float4* ring, unsigned epoch) {
    const unsigned r = threadIdx.x - RING_FIRST_REDUCE;
    const unsigned lane = r & 31;
    for (unsigned i = 0;; ++i) {
        const unsigned slot = i % RING_SLOTS;
        const unsigned entry = slot / RING_PARTS;
        const unsigned use = (i / RING_SLOTS) & 1;
        s.full[slot].wait_parity(use);
        const unsigned ticket = s.ticket[entry];
        if (ticket == RING_DONE) return;
        const float4* buffer = ring + slot * (STAGED_TILE / 4);
        float sum = 0.0f;
        #pragma unroll
        for (unsigned v = r; v < STAGED_TILE / 4; v += 32 * RING_REDUCE_WARPS) {
            const float4 q = buffer[v];
            sum += (q.x + q.y) + (q.z + q.w);
        }
        sum = warp_sum(sum);
        if (lane != 0) continue;
        s.reduce_partial[slot][r / 32] = sum;
        __threadfence_block();  // the partial before the count
        if (atomicAdd(&s.reduce_arrived[entry], 1u) % RING_REDUCE_ARRIVALS != RING_REDUCE_ARRIVALS - 1) continue;
        __threadfence_block();  // the count before the other warps' partials
        float aggregate = 0.0f;
        #pragma unroll
        for (unsigned h = 0; h < RING_PARTS; ++h) {
            float part = 0.0f;
            #pragma unroll
            for (unsigned w = 0; w < RING_REDUCE_WARPS; ++w) part += s.reduce_partial[entry * RING_PARTS + h][w];
            s.part_sum[entry][use][h] = part;
            aggregate += part;
        }
        if (ticket != 0) publish(ticket, make_word(epoch, false, aggregate));  // ticket 0: INCLUSIVE only
        (void)s.reduced[entry][use].arrive();
        #pragma unroll
        for (unsigned h = 0; h < RING_PARTS; ++h) (void)s.empty[entry * RING_PARTS + h].arrive();
    }
}

// Look-back warp `entry`: the tickets that pass through that entry of the ring. It publishes each
// ticket's INCLUSIVE word as soon as it has the prefix, and gives each part its own prefix.
__device__ void ring_look_back(RingShared& s, unsigned entry, unsigned epoch, const float* carry_in) {
    const unsigned lane = threadIdx.x & 31;
    for (unsigned j = entry;; j += RING_ENTRIES) {
        const unsigned u = j / RING_ENTRIES;
        const unsigned phase = u & 1;
        s.drawn[entry].wait_parity(phase);
        const unsigned ticket = s.ticket[entry];
        if (ticket == RING_DONE) return;
        __syncwarp();
        if (lane == 0) {  // the ticket is read: the buffers may be refilled
            #pragma unroll
            for (unsigned h = 0; h < RING_PARTS; ++h) (void)s.empty[entry * RING_PARTS + h].arrive();
        }
        float prefix = 0.0f;
        if (ticket == 0) prefix = (carry_in != nullptr) ? *carry_in : 0.0f;
        else prefix = look_back<no_fallback>(ticket, epoch, nullptr, 0, nullptr);
        s.reduced[entry][phase].wait_parity((u >> 1) & 1);
        float part_prefix[RING_PARTS];  // each part's prefix, in the reduce warps' order of sums
        float running = prefix;
        #pragma unroll
        for (unsigned h = 0; h < RING_PARTS; ++h) {
            part_prefix[h] = running;
            running += s.part_sum[entry][phase][h];
        }
        // After `reduced`, whose arrival follows the aggregate's store: the barrier orders the two
        // stores to the word, so INCLUSIVE is never overwritten by PARTIAL.
        if (lane == 0) publish_inclusive(ticket, epoch, running);
        #pragma unroll
        for (unsigned h = 0; h < RING_PARTS; ++h) {
            const unsigned slot = entry * RING_PARTS + h;
            if (u > 0) s.prefix_taken[slot].wait_parity(phase ^ 1);  // the previous prefix was read
            if (lane == 0) {
                s.prefix[slot] = part_prefix[h];
                (void)s.prefix_ready[slot].arrive();
            }
        }
    }
}

// Consumer group `g`: its k-th part is the block's buffer use g + k * RING_GROUPS. Thread t of the
// group holds the float4s t, t + 256, ... of the part in registers, as the staged kernel's data
// threads hold them in shared memory, and computes the same sums in the same order.
template <bool kVectorized>
__device__ void ring_consume(RingShared& s, const float4* ring, unsigned g, float* __restrict__ output, unsigned n) {
    const unsigned t = threadIdx.x - RING_FIRST_CONSUMER - g * STAGED_THREADS;
    const unsigned lane = t & 31;
    const unsigned warp = t >> 5;
    for (unsigned i = g, k = 0;; i += RING_GROUPS, ++k) {
        const unsigned slot = i % RING_SLOTS;
        const unsigned phase = (i / RING_SLOTS) & 1;
        s.full[slot].wait_parity(phase);
        const unsigned ticket = s.ticket[slot / RING_PARTS];
        if (ticket == RING_DONE) return;
        const float4* buffer = ring + slot * (STAGED_TILE / 4);
        float4 q[STAGED_VECTORS];
        #pragma unroll
        for (unsigned v = 0; v < STAGED_VECTORS; ++v) q[v] = buffer[t + STAGED_THREADS * v];
        __syncwarp();
        if (lane == 0) (void)s.empty[slot].arrive();  // this warp's float4s are in registers
        float (*rows)[STAGED_WARPS] = s.rows[g][k & 1];
        #pragma unroll
        for (unsigned v = 0; v < STAGED_VECTORS; ++v) {
            const float own = (q[v].x + q[v].y) + (q[v].z + q[v].w);
            const float inclusive = warp_inclusive_scan(own, lane);
            if (lane == 31) rows[v][warp] = inclusive;
        }
        s.prefix_ready[slot].wait_parity(phase);
        const float part_prefix = s.prefix[slot];
        __syncwarp();
        if (lane == 0) (void)s.rows_written[g].arrive();
        s.rows_written[g].wait_parity(k & 1);  // every row total written, every thread has the prefix
        if (t == 0) (void)s.prefix_taken[slot].arrive();
        const std::size_t base = (std::size_t(ticket) * RING_PARTS + slot % RING_PARTS) * STAGED_TILE;
        const bool full_tile = base + STAGED_TILE <= n;
        float running = part_prefix;  // the part's prefix, then each row's total in turn
        #pragma unroll
        for (unsigned v = 0; v < STAGED_VECTORS; ++v) {
            const float before = staged_row_prefix(rows, v, warp, running);
            const float own = (q[v].x + q[v].y) + (q[v].z + q[v].w);
            const float inclusive = warp_inclusive_scan(own, lane);
            float4 r;
            r.x = before + (inclusive - own) + q[v].x;
            r.y = r.x + q[v].y;
            r.z = r.y + q[v].z;
            r.w = r.z + q[v].w;
            const unsigned idx = t + STAGED_THREADS * v;
            if (kVectorized && full_tile)
                reinterpret_cast<float4*>(output + base)[idx] = r;
            else
                store_float4_guarded(output, base + 4 * std::size_t(idx), n, r);
        }
    }
}

// The barriers are initialised by init() below; nvcc's note that it runs no constructor for them
// is expected (as in the CUDA Programming Guide's own examples).
#pragma nv_diag_suppress static_var_with_dynamic_init
template <bool kVectorized>
__global__ void __launch_bounds__(RING_THREADS, 1)
ring_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
                 const float* carry_in, unsigned tickets, unsigned prefetch_tiles) {
    extern __shared__ __align__(128) float4 s_ring[];
    __shared__ RingShared s;
    const unsigned t = threadIdx.x;
    if (t == 0) {
        for (unsigned b = 0; b < RING_SLOTS; ++b) {
            init(&s.full[b], 1);
            init(&s.empty[b], RING_EMPTY_ARRIVALS);
            init(&s.prefix_ready[b], 1);
            init(&s.prefix_taken[b], 1);
        }
        for (unsigned p = 0; p < RING_ENTRIES; ++p) {
            init(&s.drawn[p], 1);
            init(&s.reduced[p][0], 1);
            init(&s.reduced[p][1], 1);
            s.reduce_arrived[p] = 0;
        }
        for (unsigned g = 0; g < RING_GROUPS; ++g) init(&s.rows_written[g], STAGED_WARPS);
#if __CUDA_ARCH__ >= 900
        cuda::device::experimental::fence_proxy_async_shared_cta();  // the barriers, for the bulk copies
#endif
    }
    __syncthreads();
    if (t < RING_FIRST_REDUCE) ring_produce<kVectorized>(s, s_ring, input, n, tickets, prefetch_tiles);
    else if (t < RING_FIRST_LOOK_BACK) ring_reduce(s, s_ring, epoch);
    else if (t < RING_FIRST_CONSUMER) ring_look_back(s, (t - RING_FIRST_LOOK_BACK) / 32, epoch, carry_in);
    else ring_consume<kVectorized>(s, s_ring, (t - RING_FIRST_CONSUMER) / STAGED_THREADS, output, n);
}

// The L2 prefetch distance for this GPU's memory (RING_PREFETCH_AHEAD*): its peak DRAM bandwidth,
// two transfers per memory clock over the bus.
unsigned ring_prefetch_tiles(int device) {
    int clock_khz = 0, bus_bits = 0;
    if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess) {
        (void)cudaGetLastError();
        return RING_PREFETCH_AHEAD;
    }
    const double bytes_per_s = 2.0 * clock_khz * 1e3 * bus_bits / 8;
    return bytes_per_s >= RING_FAST_MEMORY_BYTES_PER_S ? RING_PREFETCH_AHEAD_FAST_MEMORY : RING_PREFETCH_AHEAD;
}

struct RingLaunch {
    int sms = 0;  // 0: the ring kernel is not usable here
    unsigned prefetch_tiles = RING_PREFETCH_AHEAD;
};

// Launches the ring kernel, one block per SM, if this build has it for this GPU: its device code
// was compiled for compute capability 9.0 or later, and the GPU lets a block have the ring's
// shared memory. Returns false otherwise (the caller takes the staged kernel).
template <bool kVectorized>
bool launch_ring(const float* input, float* output, unsigned count, unsigned epoch, const float* carry_in) {
    static const RingLaunch ring = [] {  // once per kernel
        cudaFuncAttributes attributes{};
        int device = 0;
        RingLaunch found;
        const bool usable =
            cudaFuncGetAttributes(&attributes, ring_scan_kernel<kVectorized>) == cudaSuccess &&
            attributes.ptxVersion >= 90 &&
            cudaFuncSetAttribute(ring_scan_kernel<kVectorized>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 RING_BUFFER_BYTES) == cudaSuccess &&
            cudaGetDevice(&device) == cudaSuccess &&
            cudaDeviceGetAttribute(&found.sms, cudaDevAttrMultiProcessorCount, device) == cudaSuccess;
        if (!usable) {
            (void)cudaGetLastError();  // a refused attribute is an answer, not an error of the scan
            return RingLaunch{};
        }
        found.prefetch_tiles = ring_prefetch_tiles(device);
        return found;
    }();
    if (ring.sms == 0) return false;
    const unsigned tickets = tiles_covering(count, RING_TICKET_TILE);
    const unsigned grid = tickets < unsigned(ring.sms) ? tickets : unsigned(ring.sms);
    ring_scan_kernel<kVectorized><<<grid, RING_THREADS, RING_BUFFER_BYTES>>>(input, output, count, epoch, carry_in,
                                                                            tickets, ring.prefetch_tiles);
    return true;
}

}  // namespace
