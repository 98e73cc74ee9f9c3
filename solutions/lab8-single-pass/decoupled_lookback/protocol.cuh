// Lab 8, advanced reference (decoupled_lookback.cu): the look-back protocol.
//
// How tiles hand their sums to each other through global memory, whatever kernel scans them. In
// PMPP's single-pass scan (11.7) block i spins on a flag until block i - 1 has published the sum
// of everything up to it, then publishes its own: a chain of hand-offs. Here each tile publishes
// two words, and no tile needs one particular predecessor to be finished:
//
//   1. As soon as a tile knows its own total, its aggregate, it publishes it as PARTIAL
//      (publish_aggregate). That depends on no other tile.
//   2. It then looks back (look_back): one warp reads the LOOK_BACK_WINDOW (64) words before it,
//      two per lane: the INCLUSIVE prefix of tile i - 64 (the sum of everything up to it) and
//      the aggregates of the 63 tiles between, added in a fixed order.
//   3. It publishes its own INCLUSIVE prefix (everything up to and including itself), for tile
//      i + 64 (look_back_and_publish).
//
// A tile waits only while a predecessor has published nothing at all, and that wait always ends,
// because step 1 depends on no other tile: either the predecessor is running (it drew its ticket
// before this tile did) or, in the launches that draw no ticket, the waiting tile computes the
// missing aggregate itself (the fallback, below). On a GPU the prefix of tile i - 64 was published
// long ago, so a tile in effect waits only for its near predecessors' aggregates: their loads.
//
// The kernels call publish_aggregate and look_back_and_publish, or, where another warp publishes
// the aggregate (the staged and ring kernels), publish and look_back directly. The register
// kernel has a block-wide look-back of its own (predecessors_share, register_kernel.cuh) on the
// same status words.
#pragma once

#include <cstring>

#include "tile_scan.cuh"  // warp_sum, FULL_MASK

namespace {

// ---- the status words ----
// A tile's words are 64 bits each, and each is written with ONE volatile 64-bit store, so a reader
// sees the status and the value together and needs no fence between them (PMPP's scan writes the
// value, then __threadfence(), then the flag, and a reader reads them in the opposite order):
//
//   bits 63..33  epoch (31 bits): which call of scan() wrote the word
//   bit  32      1 = INCLUSIVE (value = sum of tiles 0..i), 0 = PARTIAL (value = aggregate)
//   bits 31..0   the float value's bit pattern
//
// A word whose epoch is not the current call's counts as "nothing published yet". This is what
// lets the arrays live in zero-initialized __device__ memory that is never cleared: the first
// call uses epoch 1, so the initial zeros read as "not yet", and every call's leftovers are stale
// to the next call. The epoch is a host-side counter passed as a kernel argument (next_epoch,
// dispatch.cuh); after 2^31 - 1 calls it would repeat, so only then are the arrays cleared, once.
//
// The arrays hold one word per tile of a launch, sized for n = 2^30 (262144 tiles of 4096, 2 MiB
// each); scan() cuts a larger n into launches of 2^30.
constexpr unsigned MAX_TILES = MAX_LAUNCH / TILE;    // 262144
constexpr unsigned MAX_EPOCH = (1u << 31) - 1;

// Two words per tile: its aggregate (tile 0: with the carry-in, INCLUSIVE) and its inclusive prefix.
// Kept apart so that a look-back can always read the aggregate it adds, never a prefix in its place.
__device__ unsigned long long g_tile_state[MAX_TILES];      // zero-initialized: epoch 0 = never written
__device__ unsigned long long g_tile_inclusive[MAX_TILES];  // the same, for the inclusive prefixes
__device__ unsigned g_ticket;

// ---- tickets: the order in which tiles are handed out ----
// The kernels for large n take their tile from a ticket counter (atomicAdd), not from blockIdx.x:
// PMPP's dynamic block index assignment. A tile only ever waits for tiles with smaller tickets,
// which belong to blocks that have already started, so the scan makes progress in any order the
// GPU runs its blocks. (Small launches draw no ticket: see the fallback below.)
//
// The next ticket of the launch. Whoever draws `last`, the launch's last ticket, puts the counter
// back to 0 (every other ticket has been handed out by then), so the next launch starts at 0.
__device__ __forceinline__ unsigned draw_ticket(unsigned last) {
    const unsigned ticket = atomicAdd(&g_ticket, 1u);
    if (ticket == last) atomicExch(&g_ticket, 0u);
    return ticket;
}

// ---- writing and reading a status word ----

__device__ __forceinline__ unsigned long long make_word(unsigned epoch, bool inclusive, float value) {
    unsigned bits;
    memcpy(&bits, &value, sizeof bits);
    const unsigned high = (epoch << 1) | (inclusive ? 1u : 0u);
    return (static_cast<unsigned long long>(high) << 32) | bits;
}
__device__ __forceinline__ unsigned word_epoch(unsigned long long w) { return static_cast<unsigned>(w >> 33); }
__device__ __forceinline__ bool word_inclusive(unsigned long long w) { return (w >> 32) & 1u; }
__device__ __forceinline__ float word_value(unsigned long long w) {
    const unsigned bits = static_cast<unsigned>(w);
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

// volatile: each access really goes to memory (L2), never to a stale copy,
// and a 64-bit aligned access is a single transaction: status and value
// travel together.
__device__ __forceinline__ void publish(unsigned tile, unsigned long long w) {
    *reinterpret_cast<volatile unsigned long long*>(&g_tile_state[tile]) = w;
}
__device__ __forceinline__ unsigned long long peek(unsigned tile) {
    return *reinterpret_cast<volatile unsigned long long*>(&g_tile_state[tile]);
}
__device__ __forceinline__ unsigned long long peek_inclusive(unsigned tile) {
    return *reinterpret_cast<volatile unsigned long long*>(&g_tile_inclusive[tile]);
}
// A tile's inclusive prefix (everything up to and including it). Tile 0's is also its aggregate
// word: its value is what a successor adds for it.
__device__ __forceinline__ void publish_inclusive(unsigned tile, unsigned epoch, float value) {
    const unsigned long long w = make_word(epoch, true, value);
    *reinterpret_cast<volatile unsigned long long*>(&g_tile_inclusive[tile]) = w;
    if (tile == 0) publish(0, w);
}

// ---- the fallback: progress without tickets ----
// Small n (below 2^22: the latency and register kernels) draws no ticket: tile = blockIdx.x. A GPU
// starts the few hundred blocks of such a launch at once, and a call saves the ticket's L2 round
// trip: on an H100, 7.7-8.7 us per isolated call at 2^10..2^16 instead of 8.7-11.4 us with the
// ticket (bench/results/advanced/small-n-h100.md). At large n the same change lost 5%
// (research/lookback/NOTES.md, round 7; probably because 30,000+ blocks do not start strictly in
// index order), so the staged and ring kernels keep the ticket.
// Without a ticket a predecessor may be a block that has not started, and that may never start
// while the waiting block holds its slot (on the CPU backend, which runs blocks one at a time in
// any order, this is the rule, not the exception). So a look-back that has polled FALLBACK_POLLS
// times without hearing from a predecessor reduces that predecessor's input itself and publishes
// the aggregate for it, by compare-and-swap, so that the owner's own word is kept if it came first:
// a "decoupled fallback". Only aggregates can be computed so (an inclusive prefix needs the tiles
// before it): look_back's fallback serves launches that fit in one window (the latency kernel's),
// and the register kernel's look-back adds aggregates only (predecessors_share).
//
// Polls of one look-back window before the fallback takes over (see look_back).
constexpr unsigned FALLBACK_POLLS = 2000;

// The fallback's publication of tile j's word for its owner, which has not published it yet:
// `aggregate` as PARTIAL, or for tile 0 as INCLUSIVE with the carry-in. By compare-and-swap, so a
// word the owner wrote meanwhile is kept. The fallback computes `aggregate` exactly as the owner
// does (the same additions in the same order), so whichever word wins, the bits are the same.
// Returns the word now in place.
__device__ unsigned long long publish_for_owner(unsigned j, float aggregate, unsigned epoch, const float* carry_in) {
    const unsigned long long mine = j == 0 ? make_word(epoch, true, (carry_in != nullptr ? *carry_in : 0.0f) + aggregate)
                                           : make_word(epoch, false, aggregate);
    const unsigned long long seen = peek(j);
    if (word_epoch(seen) == epoch) return seen;
    const unsigned long long old = atomicCAS(&g_tile_state[j], seen, mine);
    return old == seen ? mine : old;
}

// ---- the look-back: a fixed window, so the same input always gives the same bits ----
// Float addition is not associative: (a + b) + c and a + (b + c) can differ in the last bit. The
// look-back of Merrill & Garland adds predecessors until it meets one that has published its
// inclusive prefix, and which one that is depends on timing: the grouping of the additions, and
// with it the output's bits, changed from run to run (H200: 20 different outputs in 20 runs of
// the same input at every n from 2^22). Here tile i always adds the same words in the same order:
// the inclusive prefix of tile i - LOOK_BACK_WINDOW and the aggregates of the tiles between, by a
// fixed tree. Its inclusive prefix is then a fixed function of the input, and so is every output.
// The window is wide (64 tiles) so that the prefix it needs was published long ago: on a GPU a
// tile waits only for the aggregates of its near predecessors, as before. Measured on an H200
// (bench/results/determinism-h200.md), ring kernel, of cudaMemcpy at 2^28 / 2^30: window 32
// 0.93 / 0.94, 64 0.98 / 0.98, 128 0.96 / 0.96, 256 0.82 / 0.82; the walk-until-INCLUSIVE
// look-back it replaces 0.97 / 0.98, with 19 of 19 repeated runs giving other bits from 2^22 on.
// For example tile 100: lane 0 reads the inclusive prefix of tile 36 and the aggregate of tile 37,
// lane l the aggregates of tiles 36 + 2l and 37 + 2l; each lane adds its two words, and warp_sum
// adds the 32 lanes' sums by its fixed butterfly. A tile below 64 reads zeros before tile 0.
constexpr unsigned LOOK_BACK_PER_LANE = 2;  // words each lane adds (loads in flight at once)
constexpr unsigned LOOK_BACK_WINDOW = 32 * LOOK_BACK_PER_LANE;

// For look-backs with no fallback (tiles from the ticket: every predecessor is already running).
struct no_fallback {
    static constexpr bool enabled = false;
    __device__ static float aggregate(const float*, unsigned, unsigned) { return 0.0f; }
};

// Run by all 32 lanes of one warp of tile `tile` (> 0). Returns the sum of all tiles before it:
// the inclusive prefix of tile b = tile - LOOK_BACK_WINDOW (lane 0's first word; none when b < 0)
// plus the aggregates of tiles b + 1 .. tile - 1, lane l adding tiles b + 2l and b + 2l + 1 in
// order, then the lanes' sums by warp_sum's butterfly. Tile 0's aggregate word carries the carry-in.
//
// Fallback::enabled = false: wait for predecessors as long as it takes. That is safe only when
// tiles come from the ticket counter: every smaller ticket belongs to a block that is already
// running, so it will publish.
// Fallback::enabled = true (tile = blockIdx.x, no ticket): a predecessor may be a block the GPU has
// not started yet, and may never start while this one occupies its slot. After FALLBACK_POLLS
// polls the warp computes each missing predecessor's aggregate itself (Fallback::aggregate, the
// owner's own additions) and publishes it for the owner by compare-and-swap. On a GPU that starts
// blocks roughly in order this never happens; on the CPU backend with blocks in reverse order it
// happens for every tile. Such launches have at most LOOK_BACK_WINDOW tiles, so only aggregates
// are ever missing, never an inclusive prefix (which only its owner can compute).
template <class Fallback>
__device__ float look_back(unsigned tile, unsigned epoch, const float* __restrict__ input, unsigned n,
                           const float* carry_in) {
    const unsigned lane = threadIdx.x & 31;
    const int first = static_cast<int>(tile) - static_cast<int>(LOOK_BACK_WINDOW) + static_cast<int>(LOOK_BACK_PER_LANE * lane);
    unsigned long long w[LOOK_BACK_PER_LANE];
    #pragma unroll
    for (unsigned k = 0; k < LOOK_BACK_PER_LANE; ++k) {
        const int j = first + static_cast<int>(k);
        if (j < 0) w[k] = make_word(epoch, false, 0.0f);  // before tile 0: nothing to add
        else w[k] = (lane == 0 && k == 0) ? peek_inclusive(j) : peek(j);
    }
    unsigned polls = 0;
    while (true) {
        unsigned missing = 0;  // bit k: word k of this lane not yet published
        #pragma unroll
        for (unsigned k = 0; k < LOOK_BACK_PER_LANE; ++k)
            if (word_epoch(w[k]) != epoch) missing |= 1u << k;
        unsigned waiting = __ballot_sync(FULL_MASK, missing != 0);
        if (waiting == 0) break;
        if (!Fallback::enabled || ++polls <= FALLBACK_POLLS) {
            if (missing != 0) {
                __nanosleep(20);
                #pragma unroll
                for (unsigned k = 0; k < LOOK_BACK_PER_LANE; ++k)
                    if (missing & (1u << k)) w[k] = (lane == 0 && k == 0) ? peek_inclusive(first) : peek(first + k);
            }
            continue;
        }
        if constexpr (Fallback::enabled) {
            for (; waiting != 0; waiting &= waiting - 1) {  // one lane's missing tiles at a time, whole warp
                const unsigned l = __ffs(waiting) - 1;
                const unsigned lane_missing = __shfl_sync(FULL_MASK, missing, l);
                const int lane_first = __shfl_sync(FULL_MASK, first, l);
                #pragma unroll
                for (unsigned k = 0; k < LOOK_BACK_PER_LANE; ++k) {
                    if (!(lane_missing & (1u << k))) continue;
                    const unsigned j = static_cast<unsigned>(lane_first + static_cast<int>(k));
                    const float aggregate = Fallback::aggregate(input, j, n);
                    if (lane == l) w[k] = publish_for_owner(j, aggregate, epoch, carry_in);
                }
            }
        }
    }
    float sum = word_value(w[0]);
    #pragma unroll
    for (unsigned k = 1; k < LOOK_BACK_PER_LANE; ++k) sum += word_value(w[k]);
    return warp_sum(sum);
}

// Lane 0 of the calling warp publishes the tile's aggregate: PARTIAL, or for tile 0, which has
// no predecessor, its INCLUSIVE value at once. Returns the sum of everything before tile 0 (the
// carry-in of a later launch) for tile 0, and 0 otherwise.
__device__ float publish_aggregate(unsigned tile, float aggregate, unsigned epoch, const float* carry_in) {
    const unsigned lane = threadIdx.x & 31;
    if (tile == 0) {
        const float tile_prefix = (carry_in != nullptr) ? *carry_in : 0.0f;
        if (lane == 0) publish_inclusive(0, epoch, tile_prefix + aggregate);
        return tile_prefix;
    }
    if (lane == 0) publish(tile, make_word(epoch, false, aggregate));
    return 0.0f;
}

// Run by the 32 lanes of one warp after publish_aggregate(), for a tile > 0: looks back,
// publishes the tile's INCLUSIVE value, and returns the sum of everything before the tile.
// (input, n and carry_in serve the fallback only.)
template <class Fallback>
__device__ float look_back_and_publish(unsigned tile, float aggregate, unsigned epoch,
                                       const float* __restrict__ input, unsigned n, const float* carry_in) {
    const float tile_prefix = look_back<Fallback>(tile, epoch, input, n, carry_in);
    if ((threadIdx.x & 31) == 0) publish_inclusive(tile, epoch, tile_prefix + aggregate);
    return tile_prefix;
}

}  // namespace
