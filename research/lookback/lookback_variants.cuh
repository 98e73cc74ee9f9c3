// Candidate shapes of lab 8's decoupled look-back scan, as compile-time choices, so that one
// benchmark run on a GPU can measure them side by side (research/lookback/NOTES.md says what each is meant
// to buy). The student-facing reference, solutions/lab8-single-pass/decoupled_lookback.cu, stays
// self-contained; the winning parameters are copied into it by hand after a device run.
//
// The algorithm is the one of decoupled_lookback.cu (read its header first): 64-bit status words
// tagged with a per-call epoch (so no init kernel), a ticket counter for the tile order (so any
// block order makes progress), a warp looking back over 32 predecessors at a time. What varies:
//
//   Threads, Items     tile = Threads x Items elements; each warp owns 32 x Items consecutive
//                      elements, loaded as striped float4s and transposed through shared memory.
//   MinBlocks          __launch_bounds__ minimum blocks per SM (caps registers per thread).
//   Load               0: plain loads, 1: __ldcs (evict-first streaming), 2: __ldg (read-only path).
//   StreamStores       __stcs (evict-first) for the output.
//   EarlyPublish       publish the tile's aggregate from a reduction of the raw loaded registers,
//                      before the transposes and the local scan, and do the local scan before the
//                      look-back: successors see this tile's aggregate sooner, and the look-back
//                      waits less because predecessors had that much longer.
//   Persistent         a grid of (SMs x MinBlocks) blocks, each looping over tiles. A block draws
//                      the ticket of its next tile and issues that tile's loads (into a second set
//                      of registers) before it starts the look-back of the current one, so the SM
//                      keeps bytes in flight while tiles wait on predecessors.
//   BackoffNs          __nanosleep between polls of a status word that is not ready (0: spin).
//   Speculate          issue the loads of tile blockIdx.x while the ticket's atomic is in flight
//                      (blocks start in about blockIdx order, so the ticket usually matches) and
//                      reload only when it does not; a one-tile launch draws no ticket at all.
//   Staged             the tile goes from global to shared memory by asynchronous copies
//                      (cp.async: no registers hold it in flight) and stays there through the
//                      look-back, so shared memory, not the register file, caps the resident
//                      tiles per SM. Thread t owns the float4s t, t + Threads, ...: it copies,
//                      sums and stores exactly its own, so the data needs no barrier. Implies
//                      early publish; Load and Persistent are unused (StreamStores: __stcs). Without
//                      Speculate the copies start only once the ticket is known.
//
// Forward progress with Persistent: a block draws tickets in increasing order and publishes a
// tile's aggregate before waiting on anything, and it only waits on smaller tickets. The smallest
// tile without a published aggregate is either its holder's current tile (published without
// waiting) or comes after the holder's current tile c, whose look-back only needs tiles below c,
// all of which have published; so c finishes and the holder moves on.
//
// Everything lives in an anonymous namespace: each translation unit that includes this header has
// its own status array, ticket and epoch counter, shared by all variants it instantiates (they run
// one after another on the default stream; epochs never repeat across them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <cuda/annotated_ptr>
#include <cuda_pipeline.h>

#include "bulk_copy.h"  // .h, not .cuh: the CPU rewriter leaves it to the host compiler, which never sees its PTX

namespace scanlab_lookback {
namespace {

constexpr unsigned kMaxLaunch = 1u << 30;             // elements per launch
constexpr unsigned kMinTile = 2048;                   // smallest tile any variant uses
constexpr unsigned kMaxTiles = kMaxLaunch / kMinTile; // 524288 status words: 4 MiB
constexpr unsigned kMaxEpoch = (1u << 31) - 1;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ unsigned long long g_state[kMaxTiles];  // zero-initialised: epoch 0 = never written
__device__ unsigned g_ticket;

#ifdef SCANLAB_LOOKBACK_PROBE
#include "probe/ticket_probe.h"  // diagnostic build only: records who drew each ticket, and when
#endif

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
// One volatile 64-bit access: status and value travel together, no fence needed between them.
__device__ __forceinline__ void publish(unsigned tile, unsigned long long w) {
  *reinterpret_cast<volatile unsigned long long*>(&g_state[tile]) = w;
}
__device__ __forceinline__ unsigned long long peek(unsigned tile) {
  return *reinterpret_cast<volatile unsigned long long*>(&g_state[tile]);
}

__device__ __forceinline__ float warp_sum(float x) {
#pragma unroll
  for (unsigned d = 16; d > 0; d /= 2) x += __shfl_xor_sync(kFullMask, x, d);
  return x;
}

// One padding word per 32 keeps the striped and the per-lane shared accesses conflict-free.
__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }

// Polls of one window before the warp stops waiting and reduces the missing predecessors itself.
// On a GPU that runs blocks roughly in order this never triggers (2000 polls of an L2 round trip
// is milliseconds); it is what guarantees progress when an earlier block has not been scheduled.
constexpr unsigned kFallbackPolls = 2000;

// The sum of tile `tile` of `input` (TileElements elements, fewer for the last), by one warp.
template <unsigned TileElements, bool Vec>
__device__ float warp_reduce_tile(const float* __restrict__ input, unsigned tile, unsigned n) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t base = std::size_t(tile) * TileElements;
  float s = 0.0f;
  if (Vec && base + TileElements <= n) {
    const float4* src = reinterpret_cast<const float4*>(input + base);
    for (unsigned i = lane; i < TileElements / 4; i += 32) {
      const float4 q = src[i];
      s += (q.x + q.y) + (q.z + q.w);
    }
  } else {
    for (unsigned i = lane; i < TileElements; i += 32)
      if (base + i < n) s += input[base + i];
  }
  return warp_sum(s);
}

// Run by the 32 lanes of one warp for tile > 0: the sum of all tiles before it. FallbackTile = 0:
// wait for predecessors as long as it takes (the ticket order guarantees they are running).
// FallbackTile = the tile size: after kFallbackPolls polls of a window, reduce each predecessor
// that has published nothing from `input` here and publish it on the owner's behalf, by
// compare-and-swap so that a word the owner wrote meanwhile is kept ("decoupled fallback").
// Depth: status words per lane per step, so one step covers 32 x Depth predecessors with Depth
// independent loads in flight per lane (lane l holds distances l Depth .. l Depth + Depth - 1).
template <unsigned BackoffNs, unsigned FallbackTile = 0, bool Vec = false, unsigned Depth = 1>
__device__ float look_back(unsigned tile, unsigned epoch, const float* __restrict__ input = nullptr, unsigned n = 0,
                           const float* carry_in = nullptr) {
  const unsigned lane = threadIdx.x & 31;
  float prefix = 0.0f;
  int window = static_cast<int>(tile) - 1;
#ifdef SCANLAB_LOOKBACK_PROBE
  unsigned probe_windows = 0, probe_polls = 0;
#endif
  while (true) {
#ifdef SCANLAB_LOOKBACK_PROBE
    ++probe_windows;
#endif
    unsigned long long w[Depth];
    bool ready[Depth];
    bool all_ready = true;
#pragma unroll
    for (unsigned g = 0; g < Depth; ++g) {
      const int pred = window - static_cast<int>(lane * Depth + g);  // lane 0, g 0: the nearest predecessor
      w[g] = make_word(epoch, true, 0.0f);                           // before tile 0: "inclusive, 0"
      ready[g] = true;
      if (pred >= 0) {
        w[g] = peek(static_cast<unsigned>(pred));
        ready[g] = word_epoch(w[g]) == epoch;
      }
      all_ready = all_ready && ready[g];
    }
    unsigned polls = 0;
    for (unsigned waiting = __ballot_sync(kFullMask, !all_ready); waiting != 0;
         waiting = __ballot_sync(kFullMask, !all_ready)) {
#ifdef SCANLAB_LOOKBACK_PROBE
      ++probe_polls;
#endif
      if (FallbackTile == 0 || ++polls <= kFallbackPolls) {
        if (!all_ready) {
          if (BackoffNs > 0) __nanosleep(BackoffNs);
          all_ready = true;
#pragma unroll
          for (unsigned g = 0; g < Depth; ++g) {
            if (!ready[g]) {
              w[g] = peek(static_cast<unsigned>(window - static_cast<int>(lane * Depth + g)));
              ready[g] = word_epoch(w[g]) == epoch;
            }
            all_ready = all_ready && ready[g];
          }
        }
        continue;
      }
      if constexpr (FallbackTile > 0) {
#pragma unroll
        for (unsigned g = 0; g < Depth; ++g) {
          // one missing predecessor at a time, the whole warp reducing it
          for (unsigned missing = __ballot_sync(kFullMask, !ready[g]); missing != 0; missing &= missing - 1) {
            const unsigned l = __ffs(missing) - 1;
            const unsigned j = static_cast<unsigned>(window - static_cast<int>(l * Depth + g));
            const float aggregate = warp_reduce_tile<FallbackTile, Vec>(input, j, n);
            if (lane == l) {
              const unsigned long long mine = j == 0
                  ? make_word(epoch, true, (carry_in != nullptr ? *carry_in : 0.0f) + aggregate)
                  : make_word(epoch, false, aggregate);
              const unsigned long long seen = peek(j);
              if (word_epoch(seen) == epoch) {
                w[g] = seen;
              } else {
                const unsigned long long old = atomicCAS(&g_state[j], seen, mine);
                w[g] = old == seen ? mine : old;
              }
              ready[g] = true;
            }
          }
        }
        all_ready = true;
      }
    }
    // The lane's nearest INCLUSIVE word (Depth: none), and its sum up to and including it.
    unsigned first = Depth;
    float lane_sum = 0.0f, lane_total = 0.0f;
#pragma unroll
    for (unsigned g = 0; g < Depth; ++g) {
      const float value = word_value(w[g]);
      lane_total += value;
      if (first == Depth) {
        lane_sum += value;
        if (word_inclusive(w[g])) first = g;
      }
    }
    const unsigned inclusive_lanes = __ballot_sync(kFullMask, first < Depth);
    if (inclusive_lanes != 0) {
      const unsigned stop = __ffs(inclusive_lanes) - 1;  // the lane holding the nearest INCLUSIVE predecessor
      const float value = lane < stop ? lane_total : (lane == stop ? lane_sum : 0.0f);
#ifdef SCANLAB_LOOKBACK_PROBE
      if (lane == 0) probe_walk(tile, probe_windows, probe_polls);
#endif
      return prefix + warp_sum(value);
    }
    prefix += warp_sum(lane_total);
    window -= static_cast<int>(32 * Depth);
  }
}

// Forward publication (round 18), by the 32 lanes of one warp once tile `tile` has published its
// INCLUSIVE word: of its successors tile + 1 .. tile + 32 (below `tiles`), the unbroken run from
// tile + 1 that has published an aggregate but no INCLUSIVE word yet gets its INCLUSIVE word
// written here, on the owners' behalf. Without it, the nearest INCLUSIVE word trails the newest
// tiles by the length of a look-back, and every look-back walks the PARTIAL words in between, one
// L2 round trip per 32. A plain store is enough: the value is what the owner will publish itself
// (the same sum, up to float rounding), so whichever store lands last, every reader gets a correct
// prefix. Two halves, so that the caller can issue its stores while the successors' words travel.
__device__ __forceinline__ unsigned long long forward_peek(unsigned tile, unsigned tiles) {
  const unsigned j = tile + 1 + (threadIdx.x & 31);
  return j < tiles ? peek(j) : 0ull;  // 0: epoch 0, never current
}
__device__ __forceinline__ void forward_publish(unsigned tile, unsigned epoch, float inclusive, unsigned long long w) {
  const unsigned lane = threadIdx.x & 31;
  const bool partial = word_epoch(w) == epoch && !word_inclusive(w);
  const unsigned breaks = __ballot_sync(kFullMask, !partial);
  const unsigned run = breaks == 0 ? 32u : __ffs(breaks) - 1;  // successors with PARTIAL, from tile + 1
  if (run == 0) return;
  float x = partial ? word_value(w) : 0.0f;
#pragma unroll
  for (unsigned d = 1; d < 32; d *= 2) {
    const float other = __shfl_up_sync(kFullMask, x, d);
    if (lane >= d) x += other;
  }
  if (lane < run) publish(tile + 1 + lane, make_word(epoch, true, inclusive + x));
}

// Run by every thread of a block of Threads threads, for tile > 0: the sum of all tiles before
// it, reading Threads predecessors per step instead of 32. Why it matters: a tile's walk goes back
// as far as the nearest INCLUSIVE word, and that lags behind the newest tiles by about as many
// tiles as are resident (hundreds): 32 per round trip turns that lag into many round trips per
// tile, which keeps tiles resident longer, which keeps the lag long. Each warp waits for its own
// 32 predecessors, as in look_back(); the warps' results meet in shared memory.
template <unsigned Threads, unsigned BackoffNs>
__device__ float block_look_back(unsigned tile, unsigned epoch, float* warp_sums, unsigned* warp_stops) {
  constexpr unsigned W = Threads / 32;
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float prefix = 0.0f;
  int window = static_cast<int>(tile) - 1;
  while (true) {
    const int pred = window - static_cast<int>(threadIdx.x);  // thread 0: the nearest predecessor
    unsigned long long w = make_word(epoch, true, 0.0f);      // before tile 0: "inclusive, 0"
    bool ready = true;
    if (pred >= 0) {
      w = peek(static_cast<unsigned>(pred));
      ready = word_epoch(w) == epoch;
    }
    while (__any_sync(kFullMask, !ready)) {
      if (!ready) {
        if (BackoffNs > 0) __nanosleep(BackoffNs);
        w = peek(static_cast<unsigned>(pred));
        ready = word_epoch(w) == epoch;
      }
    }
    const unsigned inclusive_lanes = __ballot_sync(kFullMask, word_inclusive(w));
    float value = word_value(w);
    if (inclusive_lanes != 0 && lane > static_cast<unsigned>(__ffs(inclusive_lanes) - 1)) value = 0.0f;
    value = warp_sum(value);
    if (lane == 0) {
      warp_sums[warp] = value;
      warp_stops[warp] = inclusive_lanes != 0;
    }
    __syncthreads();
    bool stop = false;
#pragma unroll
    for (unsigned i = 0; i < W; ++i) {  // nearest warp first; stop after the first that met INCLUSIVE
      if (!stop) {
        prefix += warp_sums[i];
        stop = warp_stops[i] != 0;
      }
    }
    __syncthreads();  // warp_sums is rewritten by the next step
    if (stop) return prefix;
    window -= static_cast<int>(Threads);
  }
}

template <unsigned Threads_, unsigned Items_, unsigned MinBlocks_, int Load_, bool StreamStores_,
          bool EarlyPublish_, bool Persistent_, unsigned BackoffNs_, bool Speculate_ = false, bool Staged_ = false,
          bool Ahead_ = false, bool Wide_ = false, bool LateTicket_ = false, bool Fallback_ = false,
          unsigned Depth_ = 1, unsigned Bulk_ = 0, unsigned PrefetchGuess_ = 0>
struct variant {
  static constexpr unsigned threads = Threads_;
  static constexpr unsigned items = Items_;
  static constexpr unsigned min_blocks = MinBlocks_;
  static constexpr int load = Load_;
  static constexpr bool stream_stores = StreamStores_;
  static constexpr bool early_publish = EarlyPublish_;
  static constexpr bool persistent = Persistent_;
  static constexpr unsigned backoff_ns = BackoffNs_;
  static constexpr bool speculate = Speculate_;
  static constexpr bool staged = Staged_;
  static constexpr bool ahead = Ahead_;
  static constexpr bool wide = Wide_;  // staged: every warp of the block looks back (Threads tiles per step)
  static_assert(!wide || (staged && !ahead), "the block-wide look-back is a form of the staged kernel");
  // staged: the ticket is read at the barrier after the tile's row scans, not at one of its own
  // before them, so the atomic's round trip also overlaps the local scan (a wrong guess redoes it).
  static constexpr bool late_ticket = LateTicket_;
  static_assert(!late_ticket || (staged && !ahead), "the late ticket is a form of the staged kernel");
  // No ticket: tile = blockIdx.x, and a look-back that has waited too long on a predecessor reduces
  // that predecessor's input itself ("decoupled fallback"), so progress never depends on the order
  // in which blocks are scheduled. Saves the ticket's atomic and every wrong-guess reload.
  static constexpr bool fallback = Fallback_;
  static_assert(!fallback || (!ahead && !wide && !late_ticket && !persistent), "fallback: tile and staged kernels only");
  // Status words each lane of the look-back warp reads per step (32 x depth predecessors a step).
  static constexpr unsigned depth = Depth_;
  static_assert(depth >= 1 && (depth == 1 || !wide), "depth: the one-warp look-back");
  // Staged with whole-tile bulk copies (bulk_copy.h: the TMA engine on sm_90): 1 = the tile is
  // loaded by one bulk copy instead of a cp.async per thread and float4; 2 = the scanned tile is
  // also written back to shared memory and stored by one bulk copy.
  static constexpr unsigned bulk = Bulk_;
  static_assert(bulk <= 2 && (bulk == 0 || (staged && !ahead && !wide && !late_ticket && !fallback)),
                "bulk copies: the staged kernel with a ticket");
  // Staged without Speculate: while the ticket is drawn, tile blockIdx.x is only prefetched into L2,
  // not copied into shared memory. Round 11 found the guess wrong for 98% of the tiles, so what the
  // guessed copy buys is mostly a neighbour's tile already in L2, at the price of waiting for it to
  // land before the real copy may start. 1 = one bulk prefetch by thread 0 (sm_90), 2 = one 128-byte
  // line per thread through cuda::apply_access_property (libcu++, sm_80 and later). Values above 2:
  // as 2, and tile blockIdx.x + PrefetchGuess_ as well (a look-ahead: L2 prefetches hold no
  // registers or shared memory, so they add bytes in flight beyond what the resident tiles hold).
  static constexpr unsigned prefetch_guess = PrefetchGuess_;
  static_assert(!prefetch_guess || (staged && !speculate && !fallback && !late_ticket && !ahead && !wide),
                "the L2 prefetch replaces the staged kernel's guessed copy");
  static_assert(!ahead || staged, "the look-ahead warp is a form of the staged kernel");
  // Threads per block: the data threads, plus the look-ahead warp when there is one.
  static constexpr unsigned block_threads = Threads_ + (ahead ? 32 : 0);
  static constexpr unsigned warps = threads / 32;
  static constexpr unsigned tile = threads * items;
  static constexpr unsigned warp_items = 32 * items;
  static constexpr unsigned vectors = items / 4;  // float4s per thread
  static_assert(threads % 32 == 0 && threads <= 1024, "whole warps");
  static_assert(items % 4 == 0 && items >= 4, "float4 loads");
  static_assert(tile >= kMinTile, "the status array is sized for tiles of at least kMinTile elements");
  // Elements per launch: whole tiles (a tile of 24 items does not divide 2^30).
  static constexpr unsigned launch_elements = (kMaxLaunch / tile) * tile;
  // Knobs added after round 15, set by deriving from a variant and hiding the member (fewer
  // positional parameters): see the round 16 entries of lookback_variant_list.cuh.
  // Staged: the ticket's tile is copied with an L2 evict-first policy (its lines are dead once in
  // shared memory, so L2 keeps the prefetched tiles instead).
  static constexpr bool evict_first_copies = false;
  // Diagnostic, not a scan: the staged kernel publishes its aggregate and stores its tile without
  // waiting for the look-back (prefix 0), so the output is a scan of each tile on its own
  // (checked as sections of `tile` elements). What the kernel would reach if the chain of
  // predecessors cost nothing.
  static constexpr bool no_wait = false;
  // Staged: once a tile's INCLUSIVE value is known, its look-back warp also publishes INCLUSIVE
  // for the unbroken run of successors that have already published their aggregate
  // (forward_peek, forward_publish), so later look-backs find an INCLUSIVE word nearer.
  static constexpr bool forward_publish = false;
  // Staged with the per-line prefetch (prefetch_guess == 2): block b prefetches tile b + offset
  // instead of tile b (blocks below `offset` prefetch both), so each tile is still asked for once,
  // `offset` blocks earlier. Staged without a ticket (fallback): the same prefetch, and tile b is
  // copied at once as before (an L2 hit when block b - offset started early enough).
  static constexpr unsigned prefetch_offset = 0;
};
// The staged kernel checks the combinations of the knobs above that it does not support.
template <class V>
constexpr bool staged_knobs_valid =
    !V::forward_publish || (V::staged && !V::no_wait && !V::ahead && !V::wide && V::bulk != 2);

template <int Load>
__device__ __forceinline__ float4 load4(const float4* p) {
  if constexpr (Load == 1) return __ldcs(p);
  else if constexpr (Load == 2) return __ldg(p);
  else return *p;
}
template <int Load>
__device__ __forceinline__ float load1(const float* p) {
  if constexpr (Load == 1) return __ldcs(p);
  else if constexpr (Load == 2) return __ldg(p);
  else return *p;
}

// The warp's share of a tile, striped: q[j] holds elements 4 * (lane + 32 j) .. + 3 of the warp's
// range. Full tiles with aligned pointers use float4 loads; anything else guarded scalar loads.
template <class V, bool Vec>
__device__ __forceinline__ void load_tile(const float* __restrict__ input, std::size_t warp_base, bool full, unsigned n,
                                          unsigned lane, float4 (&q)[V::vectors]) {
  if (Vec && full) {
    const float4* src = reinterpret_cast<const float4*>(input + warp_base);
#pragma unroll
    for (unsigned j = 0; j < V::vectors; ++j) q[j] = load4<V::load>(src + lane + 32 * j);
  } else {
#pragma unroll
    for (unsigned j = 0; j < V::vectors; ++j) {
      const std::size_t i = warp_base + 4 * (lane + 32 * j);
      q[j].x = i < n ? load1<V::load>(input + i) : 0.0f;
      q[j].y = i + 1 < n ? load1<V::load>(input + i + 1) : 0.0f;
      q[j].z = i + 2 < n ? load1<V::load>(input + i + 2) : 0.0f;
      q[j].w = i + 3 < n ? load1<V::load>(input + i + 3) : 0.0f;
    }
  }
}

// Shared memory of one block.
template <class V>
struct block_shared {
  float transpose[V::warps][V::warp_items + V::warp_items / 32];
  float warp_totals[V::warps];
  float tile_prefix;
  unsigned ticket;
};

// Striped registers -> per-lane consecutive items (through the warp's own shared buffer), then a
// sequential scan per lane and a shuffle scan across the warp. Returns the lane's exclusive
// prefix within the warp; v holds the lane's inclusive run; *warp_total the warp's total.
template <class V>
__device__ __forceinline__ float local_scan(float* xs, const float4 (&q)[V::vectors], float (&v)[V::items],
                                            unsigned lane, float* warp_total) {
#pragma unroll
  for (unsigned j = 0; j < V::vectors; ++j) {
    const unsigned f = 4 * (lane + 32 * j);
    xs[pad(f)] = q[j].x;
    xs[pad(f + 1)] = q[j].y;
    xs[pad(f + 2)] = q[j].z;
    xs[pad(f + 3)] = q[j].w;
  }
  __syncwarp();
#pragma unroll
  for (unsigned k = 0; k < V::items; ++k) v[k] = xs[pad(lane * V::items + k)];
#pragma unroll
  for (unsigned k = 1; k < V::items; ++k) v[k] += v[k - 1];
  float inclusive = v[V::items - 1];
#pragma unroll
  for (unsigned d = 1; d < 32; d *= 2) {
    const float other = __shfl_up_sync(kFullMask, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  float exclusive = __shfl_up_sync(kFullMask, inclusive, 1);
  if (lane == 0) exclusive = 0.0f;
  *warp_total = __shfl_sync(kFullMask, inclusive, 31);
  return exclusive;
}

// Adds `prefix` and writes the warp's range back: transpose to striped, then float4 stores.
template <class V, bool Vec>
__device__ __forceinline__ void store_tile(float* __restrict__ output, std::size_t warp_base, bool full, unsigned n,
                                           unsigned lane, float* xs, float (&v)[V::items], float prefix) {
  __syncwarp();  // every lane has read its items out of xs
#pragma unroll
  for (unsigned k = 0; k < V::items; ++k) xs[pad(lane * V::items + k)] = v[k] + prefix;
  __syncwarp();
  if (Vec && full) {
    float4* dst = reinterpret_cast<float4*>(output + warp_base);
#pragma unroll
    for (unsigned j = 0; j < V::vectors; ++j) {
      const unsigned f = 4 * (lane + 32 * j);
      const float4 r = make_float4(xs[pad(f)], xs[pad(f + 1)], xs[pad(f + 2)], xs[pad(f + 3)]);
      if constexpr (V::stream_stores) __stcs(dst + lane + 32 * j, r);
      else dst[lane + 32 * j] = r;
    }
  } else {
#pragma unroll
    for (unsigned k = 0; k < V::items; ++k) {
      const unsigned f = lane + 32 * k;
      if (warp_base + f < n) output[warp_base + f] = xs[pad(f)];
    }
  }
  __syncwarp();  // xs is reused by the warp's next tile
}

// Draws a ticket; the draw that is the launch's last puts the counter back to 0 for the next launch.
__device__ __forceinline__ unsigned draw_ticket(unsigned draws_per_launch) {
  const unsigned ticket = atomicAdd(&g_ticket, 1u);
  if (ticket == draws_per_launch - 1) atomicExch(&g_ticket, 0u);
  return ticket;
}

// One tile, given its loaded registers. `after_publish` runs (in every thread) once the tile's
// aggregate is published: the persistent kernel issues its next tile's loads there.
template <class V, bool Vec, class AfterPublish>
__device__ __forceinline__ void scan_tile(block_shared<V>& sh, unsigned tile, const float4 (&q)[V::vectors],
                                          const float* __restrict__ input,
                                          float* __restrict__ output, unsigned n, unsigned epoch,
                                          const float* carry_in, AfterPublish after_publish) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  const std::size_t warp_base = std::size_t(tile) * V::tile + warp * V::warp_items;
  const bool full = std::size_t(tile + 1) * V::tile <= n;
  float* xs = sh.transpose[warp];
  float v[V::items];
  float exclusive = 0.0f, warp_total = 0.0f;

  if constexpr (V::early_publish) {
    float s = 0.0f;
#pragma unroll
    for (unsigned j = 0; j < V::vectors; ++j) s += (q[j].x + q[j].y) + (q[j].z + q[j].w);
    s = warp_sum(s);
    if (lane == 0) sh.warp_totals[warp] = s;
  } else {
    exclusive = local_scan<V>(xs, q, v, lane, &warp_total);
    if (lane == 0) sh.warp_totals[warp] = warp_total;
  }
  __syncthreads();  // (A) warp totals (and, persistent, the next ticket) visible
  float warp_prefix = 0.0f, aggregate = 0.0f;
#pragma unroll
  for (unsigned w = 0; w < V::warps; ++w) {
    const float t = sh.warp_totals[w];
    if (w < warp) warp_prefix += t;
    aggregate += t;
  }
  float tile_prefix = 0.0f;
  if (warp == 0 && lane == 0) {
    if (tile == 0) {
      tile_prefix = carry_in != nullptr ? *carry_in : 0.0f;
      publish(0, make_word(epoch, true, tile_prefix + aggregate));
    } else {
      publish(tile, make_word(epoch, false, aggregate));
    }
  }
  after_publish();
  if constexpr (V::early_publish) exclusive = local_scan<V>(xs, q, v, lane, &warp_total);
  if (warp == 0) {
    if (tile != 0) {
      if constexpr (V::fallback) tile_prefix = look_back<V::backoff_ns, V::tile, Vec, V::depth>(tile, epoch, input, n, carry_in);
      else tile_prefix = look_back<V::backoff_ns, 0, false, V::depth>(tile, epoch);
      if (lane == 0) publish(tile, make_word(epoch, true, tile_prefix + aggregate));
    }
    if (lane == 0) sh.tile_prefix = tile_prefix;
  }
  __syncthreads();  // (B) the tile's prefix visible
  const float prefix = sh.tile_prefix + warp_prefix + exclusive;
  store_tile<V, Vec>(output, warp_base, full, n, lane, xs, v, prefix);
}

// One tile per block.
template <class V, bool Vec>
__global__ void __launch_bounds__(V::threads, V::min_blocks)
tile_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
            const float* carry_in) {
  __shared__ block_shared<V> sh;
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  float4 q[V::vectors];
  unsigned tile = 0;
  if constexpr (V::fallback) {
    tile = blockIdx.x;
    load_tile<V, Vec>(input, std::size_t(tile) * V::tile + warp * V::warp_items,
                      std::size_t(tile + 1) * V::tile <= n, n, lane, q);
  } else if constexpr (V::speculate) {
    // The atomic is issued first, the guessed tile's loads behind it; thread 0 needs the ticket
    // only after both are in flight, so the two round trips overlap instead of adding up.
    const bool single = gridDim.x == 1;
    unsigned ticket = 0;
    if (threadIdx.x == 0 && !single) ticket = atomicAdd(&g_ticket, 1u);
    const unsigned guess = blockIdx.x;
    load_tile<V, Vec>(input, std::size_t(guess) * V::tile + warp * V::warp_items,
                      std::size_t(guess + 1) * V::tile <= n, n, lane, q);
    if (threadIdx.x == 0) {
      if (!single && ticket == gridDim.x - 1) atomicExch(&g_ticket, 0u);
      sh.ticket = ticket;
    }
    __syncthreads();
    tile = sh.ticket;
    if (tile != guess)  // block-uniform: the ticket is the block's
      load_tile<V, Vec>(input, std::size_t(tile) * V::tile + warp * V::warp_items,
                        std::size_t(tile + 1) * V::tile <= n, n, lane, q);
  } else {
    if (threadIdx.x == 0) sh.ticket = draw_ticket(gridDim.x);
    __syncthreads();
    tile = sh.ticket;
    const std::size_t warp_base = std::size_t(tile) * V::tile + warp * V::warp_items;
    load_tile<V, Vec>(input, warp_base, std::size_t(tile + 1) * V::tile <= n, n, lane, q);
  }
  scan_tile<V, Vec>(sh, tile, q, input, output, n, epoch, carry_in, [] {});
}

// A fixed grid; each block loops over tiles, prefetching its next tile during the look-back.
template <class V, bool Vec>
__global__ void __launch_bounds__(V::threads, V::min_blocks)
persistent_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
                  const float* carry_in, unsigned tiles) {
  __shared__ block_shared<V> sh;
  __shared__ unsigned s_next[2];  // double-buffered: a slow warp may still read the previous one
  const unsigned draws = tiles + gridDim.x;  // every block draws once past the last tile
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) s_next[0] = draw_ticket(draws);
  __syncthreads();
  unsigned tile = s_next[0];
  float4 q[V::vectors];
  if (tile < tiles) {
    const std::size_t warp_base = std::size_t(tile) * V::tile + warp * V::warp_items;
    load_tile<V, Vec>(input, warp_base, std::size_t(tile + 1) * V::tile <= n, n, lane, q);
  }
  unsigned parity = 1;
  while (tile < tiles) {
    // The next ticket is drawn now and read after barrier (A) inside scan_tile.
    if (threadIdx.x == 0) s_next[parity] = draw_ticket(draws);
    float4 q_next[V::vectors];
    unsigned next = tiles;
    scan_tile<V, Vec>(sh, tile, q, input, output, n, epoch, carry_in, [&] {
      next = s_next[parity];
      if (next < tiles) {
        const std::size_t base = std::size_t(next) * V::tile + warp * V::warp_items;
        load_tile<V, Vec>(input, base, std::size_t(next + 1) * V::tile <= n, n, lane, q_next);
      }
    });
#pragma unroll
    for (unsigned j = 0; j < V::vectors; ++j) q[j] = q_next[j];
    tile = next;
    parity ^= 1u;
  }
}

// Staged: thread t's float4s of `tile` (t, t + Threads, ...) into shared memory, asynchronously
// for full tiles with aligned pointers, by guarded scalar loads otherwise.
template <class V, bool Vec>
__device__ __forceinline__ void stage_tile(float4* data, const float* __restrict__ input, unsigned tile, unsigned n) {
  const std::size_t base = std::size_t(tile) * V::tile;
  if (Vec && base + V::tile <= n) {
    const float4* src = reinterpret_cast<const float4*>(input + base);
    if constexpr (V::evict_first_copies) {
      const std::uint64_t policy = scanlab_bulk::evict_first_policy();
#pragma unroll
      for (unsigned k = 0; k < V::vectors; ++k)
        scanlab_bulk::copy16_evict_first(&data[threadIdx.x + V::threads * k], &src[threadIdx.x + V::threads * k],
                                         policy);
    } else {
#pragma unroll
      for (unsigned k = 0; k < V::vectors; ++k)
        __pipeline_memcpy_async(&data[threadIdx.x + V::threads * k], &src[threadIdx.x + V::threads * k],
                                sizeof(float4));
    }
    __pipeline_commit();
  } else {
#pragma unroll
    for (unsigned k = 0; k < V::vectors; ++k) {
      const std::size_t i = base + 4 * std::size_t(threadIdx.x + V::threads * k);
      data[threadIdx.x + V::threads * k] = make_float4(i < n ? input[i] : 0.0f, i + 1 < n ? input[i + 1] : 0.0f,
                                                       i + 2 < n ? input[i + 2] : 0.0f, i + 3 < n ? input[i + 3] : 0.0f);
    }
  }
}

// Asks for tile `which` to be fetched into L2 (V::prefetch_guess), if it is a full tile and the
// pointers are aligned: one bulk prefetch by thread 0 (Bulk, sm_90), or one 128-byte line per
// thread through cuda::apply_access_property. Nothing waits for it.
template <class V, bool Vec, bool Bulk>
__device__ __forceinline__ void prefetch_tile(const float* input, std::size_t which, unsigned n) {
  if (!Vec || (which + 1) * V::tile > n) return;
  const float* first = input + which * V::tile;
  if constexpr (Bulk) {
    scanlab_bulk::prefetch_l2(first, V::tile * sizeof(float));
  } else {
    for (unsigned line = threadIdx.x; line < V::tile / 32; line += V::threads)  // 32 floats per line
      cuda::apply_access_property(first + 32 * line, 128, cuda::access_property::normal{});
  }
}

// V::prefetch_offset: block b asks for tile b + offset to be fetched into L2 (one line per
// thread), and blocks below the offset for their own tile as well, so every tile is asked for once.
template <class V, bool Vec>
__device__ __forceinline__ void prefetch_ahead(const float* input, unsigned block, unsigned n) {
  prefetch_tile<V, Vec, false>(input, std::size_t(block) + V::prefetch_offset, n);
  if (block < V::prefetch_offset) prefetch_tile<V, Vec, false>(input, block, n);
}

// Thread t's float4 of row k: its sum, and the inclusive scan of those sums across the warp.
template <class V>
__device__ __forceinline__ float row_scan(const float4* data, unsigned k, unsigned lane, float* own_sum) {
  const float4 q = data[threadIdx.x + V::threads * k];
  const float own = (q.x + q.y) + (q.z + q.w);
  float inclusive = own;
#pragma unroll
  for (unsigned d = 1; d < 32; d *= 2) {
    const float other = __shfl_up_sync(kFullMask, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  *own_sum = own;
  return inclusive;
}

// Row-major order (row k, warp w, lane): returns `running` plus the row's totals of the warps
// before `warp`, and adds the whole row's total to `running`.
template <unsigned W>
__device__ __forceinline__ float add_row(const float (&row)[W], unsigned warp, float& running) {
  float before = running;
#pragma unroll
  for (unsigned w = 0; w < W; ++w) {
    const float x = row[w];
    if (w < warp) before += x;
    running += x;
  }
  return before;
}

// Writes float4 q scanned from `prefix` (its four running sums) at element i of the output:
// one 16-byte store inside a full tile with aligned pointers, guarded scalar stores otherwise.
template <bool Vec, bool Stream = false>
__device__ __forceinline__ void store_scanned4(float* __restrict__ output, std::size_t i, bool full, unsigned n,
                                               float4 q, float prefix) {
  float4 r;
  r.x = prefix + q.x;
  r.y = r.x + q.y;
  r.z = r.y + q.z;
  r.w = r.z + q.w;
  if (Vec && full) {
    if constexpr (Stream) __stcs(reinterpret_cast<float4*>(output) + i / 4, r);
    else reinterpret_cast<float4*>(output)[i / 4] = r;
  } else {
    if (i < n) output[i] = r.x;
    if (i + 1 < n) output[i + 1] = r.y;
    if (i + 2 < n) output[i + 2] = r.z;
    if (i + 3 < n) output[i + 3] = r.w;
  }
}

template <class V, bool Vec>
__global__ void __launch_bounds__(V::threads, V::min_blocks)
staged_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
              const float* carry_in) {
  static_assert(staged_knobs_valid<V>, "forward publication: the staged kernel's one-warp look-back");
  constexpr unsigned T = V::threads, K = V::vectors, W = V::warps;
  __shared__ float4 data[T * K];     // the tile; float4 c = t + T k belongs to thread t
  __shared__ float row_totals[K][W];  // "row" k = the float4s k T .. k T + T - 1, one total per warp
  __shared__ unsigned s_ticket;
  __shared__ float s_prefix;
  __shared__ scanlab_bulk::load_barrier s_bulk;  // V::bulk: counts the bytes of a tile's bulk load
  const unsigned t = threadIdx.x, lane = t & 31, warp = t >> 5;
#ifdef SCANLAB_LOOKBACK_PROBE
  const unsigned long long probe_entered = probe_now();
#endif

  // V::bulk: a full tile with aligned pointers is one bulk load (its completion is a phase of
  // s_bulk; `bulk_parity` is the phase waited for next); anything else as in stage_tile.
  unsigned bulk_parity = 0;
  bool bulk_in_flight = false;  // block-uniform
  const auto stage = [&](unsigned which) {
    const std::size_t first = std::size_t(which) * V::tile;
    if constexpr (V::bulk != 0) {
      if (Vec && first + V::tile <= n) {
        scanlab_bulk::load(data, reinterpret_cast<const float4*>(input + first), T * K, &s_bulk);
        bulk_in_flight = true;
      } else {
        stage_tile<V, false>(data, input, which, n);
        scanlab_bulk::fence_for_copy_engine();  // ordinary writes, before any later bulk load here
      }
    } else {
      stage_tile<V, Vec>(data, input, which, n);
    }
  };
  const auto land = [&] {
    if constexpr (V::bulk != 0) {
      if (bulk_in_flight) {
        scanlab_bulk::wait(&s_bulk, bulk_parity);
        bulk_parity ^= 1u;
        bulk_in_flight = false;
      }
    } else {
      __pipeline_wait_prior(0);
    }
  };

  // Ticket, with the guessed tile's copies in flight meanwhile (see Speculate).
  const bool single = gridDim.x == 1;
  unsigned ticket = 0;
  if (!V::fallback && t == 0 && !single) ticket = atomicAdd(&g_ticket, 1u);
  unsigned tile = blockIdx.x;
  if constexpr (V::bulk != 0) scanlab_bulk::init(&s_bulk);
  if constexpr (V::speculate || V::fallback) stage(tile);
  if constexpr (V::prefetch_offset != 0) {
    static_assert(V::prefetch_guess == 2 || (V::fallback && V::prefetch_guess == 0),
                  "the prefetch offset moves the per-line prefetch (or adds one to the ticketless kernel)");
    prefetch_ahead<V, Vec>(input, tile, n);
  } else if constexpr (V::prefetch_guess != 0) {
    prefetch_tile<V, Vec, V::prefetch_guess == 1>(input, tile, n);
  }
  if constexpr (V::prefetch_guess > 2) prefetch_tile<V, Vec, false>(input, std::size_t(tile) + V::prefetch_guess, n);

  // Sums of the thread's float4s, scanned across the warp per row: s[k] becomes the exclusive
  // prefix of float4 t + T k within its row's warp segment.
  float s[K];
  const auto row_scans = [&] {
#pragma unroll
    for (unsigned k = 0; k < K; ++k) {
      float own;
      const float inclusive = row_scan<V>(data, k, lane, &own);
      if (lane == 31) row_totals[k][warp] = inclusive;
      s[k] = inclusive - own;
    }
  };
  if constexpr (V::fallback) {
    __pipeline_wait_prior(0);
    row_scans();
    __syncthreads();
  } else if constexpr (V::late_ticket) {
    __pipeline_wait_prior(0);
    row_scans();
    if (t == 0) {
      if (!single && ticket == gridDim.x - 1) atomicExch(&g_ticket, 0u);
      s_ticket = ticket;
    }
    __syncthreads();  // row totals and the ticket
    if (s_ticket != tile) {  // block-uniform; nobody has read row_totals yet
      tile = s_ticket;
      stage_tile<V, Vec>(data, input, tile, n);  // every thread rewrites only its own float4s
      __pipeline_wait_prior(0);
      row_scans();
      __syncthreads();
    }
  } else {
    if (t == 0) {
      if (!single && ticket == gridDim.x - 1) atomicExch(&g_ticket, 0u);
      s_ticket = ticket;
    }
    __syncthreads();
#ifdef SCANLAB_LOOKBACK_PROBE
    if (t == 0) probe_block(s_ticket, probe_entered);
#endif
    if constexpr (!V::speculate) {  // nothing in flight yet: copy the ticket's tile
      tile = s_ticket;
      stage(tile);
    } else if (s_ticket != tile) {  // block-uniform
      land();  // the guessed copies land before the buffer is reused
      // Bulk loads: nobody may still be waiting for the guessed load's phase when the next one
      // completes (a waiter would then wait for the phase after it).
      if constexpr (V::bulk != 0) __syncthreads();
      tile = s_ticket;
      stage(tile);
    }
    land();
    row_scans();
    __syncthreads();
  }
  // Add every earlier row and the earlier warps of this row.
  float running = 0.0f;
#pragma unroll
  for (unsigned k = 0; k < K; ++k) s[k] += add_row<W>(row_totals[k], warp, running);
  const float aggregate = running;
  if constexpr (V::wide) {
    __shared__ float s_warp_sums[W];
    __shared__ unsigned s_warp_stops[W];
    float tile_prefix = 0.0f;
    if (tile == 0) {
      tile_prefix = carry_in != nullptr ? *carry_in : 0.0f;
      if (t == 0) publish(0, make_word(epoch, true, tile_prefix + aggregate));
    } else {
      if (t == 0) publish(tile, make_word(epoch, false, aggregate));
      tile_prefix = block_look_back<T, V::backoff_ns>(tile, epoch, s_warp_sums, s_warp_stops);
      if (t == 0) publish(tile, make_word(epoch, true, tile_prefix + aggregate));
    }
    if (t == 0) s_prefix = tile_prefix;
  } else if (warp == 0) {
    float tile_prefix = 0.0f;
    if constexpr (V::no_wait) {  // diagnostic: the status traffic of a real tile, no waiting
      if (lane == 0) publish(tile, make_word(epoch, tile == 0, aggregate));
    } else if (tile == 0) {
      tile_prefix = carry_in != nullptr ? *carry_in : 0.0f;
      if (lane == 0) publish(0, make_word(epoch, true, tile_prefix + aggregate));
    } else {
#ifdef SCANLAB_LOOKBACK_PROBE
      if (lane == 0) probe_stamp(probe_published, tile);
#endif
      if (lane == 0) publish(tile, make_word(epoch, false, aggregate));
      if constexpr (V::fallback) tile_prefix = look_back<V::backoff_ns, V::tile, Vec, V::depth>(tile, epoch, input, n, carry_in);
      else tile_prefix = look_back<V::backoff_ns, 0, false, V::depth>(tile, epoch);
#ifdef SCANLAB_LOOKBACK_PROBE
      if (lane == 0) probe_stamp(probe_prefixed, tile);
#endif
      if (lane == 0) publish(tile, make_word(epoch, true, tile_prefix + aggregate));
    }
    if (lane == 0) s_prefix = tile_prefix;
  }
  __syncthreads();
  const float prefix = s_prefix;
  const std::size_t base = std::size_t(tile) * V::tile;
#ifdef SCANLAB_LOOKBACK_PROBE
  const auto probe_end = [&] {
    if (t == 0) probe_stamp(probe_stored, tile);
  };
#else
  const auto probe_end = [] {};
#endif
  // Forward publication: the successors' words are read before this tile's stores are issued
  // and used after them, so the round trip costs the block no time of its own.
  unsigned long long forward_word = 0;
  if constexpr (V::forward_publish) {
    if (warp == 0) forward_word = forward_peek(tile, gridDim.x);
  }
  const bool full = base + V::tile <= n;
  if constexpr (V::bulk == 2) {
    if (Vec && full) {  // block-uniform: scan in place, then one bulk store of the tile
#pragma unroll
      for (unsigned k = 0; k < K; ++k) {
        float4& q = data[t + T * k];
        q.x += prefix + s[k];
        q.y += q.x;
        q.z += q.y;
        q.w += q.z;
      }
      scanlab_bulk::store(reinterpret_cast<float4*>(output + base), data, T * K);
      return;
    }
  }
#pragma unroll
  for (unsigned k = 0; k < K; ++k) {
    store_scanned4<Vec, V::stream_stores>(output, base + 4 * std::size_t(t + T * k), full, n, data[t + T * k],
                                          prefix + s[k]);
  }
  if constexpr (V::forward_publish) {
    if (warp == 0) forward_publish(tile, epoch, prefix + aggregate, forward_word);
  }
  probe_end();
}

// Staged with a look-ahead warp (Ahead): the block has one warp more than the tile has data
// threads, and that warp holds no data. It draws the ticket and starts the look-back at once,
// while the data warps' copies are still in flight, so the walk over predecessors overlaps the
// tile's own DRAM latency instead of following it. The tile's aggregate must still be published
// without waiting for the walk (otherwise each tile would wait for its predecessor's walk: a
// chained scan), so the data warps publish it themselves: each counts its arrival on a shared
// counter, and the warp that arrives last adds the row totals and publishes PARTIAL. No thread
// ever spins on shared memory: the only waits are the walk's polls of global status words and
// two block barriers.
template <class V>
__device__ __forceinline__ float staged_aggregate(const float (*row_totals)[V::warps], unsigned lane) {
  constexpr unsigned count = V::vectors * V::warps;
  float s = 0.0f;
  for (unsigned i = lane; i < count; i += 32) s += row_totals[i / V::warps][i % V::warps];
  return warp_sum(s);
}

template <class V, bool Vec>
__global__ void __launch_bounds__(V::block_threads, V::min_blocks)
ahead_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n, unsigned epoch,
             const float* carry_in) {
  constexpr unsigned T = V::threads, K = V::vectors, W = V::warps;
  __shared__ float4 data[T * K];
  __shared__ float row_totals[K][W];
  __shared__ unsigned s_ticket;
  __shared__ unsigned s_arrived;  // data warps whose row totals are written
  __shared__ float s_prefix;
  const unsigned t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const bool looker = t >= T;  // the look-ahead warp (warp W)

  const bool single = gridDim.x == 1;
  unsigned tile = blockIdx.x;  // the guess, as in the staged kernel
  if (looker) {
    if (lane == 0) {
      unsigned ticket = 0;
      if (!single) {
        ticket = atomicAdd(&g_ticket, 1u);
        if (ticket == gridDim.x - 1) atomicExch(&g_ticket, 0u);
      }
      s_ticket = ticket;
      s_arrived = 0;
    }
  } else if constexpr (V::prefetch_offset != 0) {
    // Round 21: the adopted L2 prefetch (each tile asked for once, `prefetch_offset` blocks early)
    // instead of the guessed copy; the ticket's tile is copied after barrier (1).
    prefetch_ahead<V, Vec>(input, tile, n);
  } else {
    stage_tile<V, Vec>(data, input, tile, n);
  }
  __syncthreads();  // (1) the ticket
  const bool reload = V::prefetch_offset != 0 || s_ticket != tile;
  tile = s_ticket;

  if (looker) {
    float prefix = 0.0f;
    if (tile == 0) prefix = carry_in != nullptr ? *carry_in : 0.0f;
    else prefix = look_back<V::backoff_ns>(tile, epoch);
    if (lane == 0) s_prefix = prefix;
  } else {
    if (reload) {
      __pipeline_wait_prior(0);
      stage_tile<V, Vec>(data, input, tile, n);
    }
    __pipeline_wait_prior(0);
    // Row totals only: the per-float4 prefixes are recomputed after the barrier rather than held
    // in registers across it (they would spill at 6 blocks of 288 threads per SM).
#pragma unroll
    for (unsigned k = 0; k < K; ++k) {
      float own;
      const float inclusive = row_scan<V>(data, k, lane, &own);
      if (lane == 31) row_totals[k][warp] = inclusive;
    }
    // Arrival: lane 31's totals reach lane 0 through __syncwarp; the fences order them before the
    // count (release) and the other warps' totals before the last warp's reads (acquire).
    __syncwarp();
    unsigned arrived_before = 0;
    if (lane == 0) {
      __threadfence_block();
      arrived_before = atomicAdd(&s_arrived, 1u);
      __threadfence_block();
    }
    arrived_before = __shfl_sync(kFullMask, arrived_before, 0);
    if (arrived_before == W - 1 && tile != 0) {  // tile 0 publishes only its INCLUSIVE value (carry-in)
      const float aggregate = staged_aggregate<V>(row_totals, lane);
      if (lane == 0) publish(tile, make_word(epoch, false, aggregate));
    }
  }
  __syncthreads();  // (2) every row total, and the tile's prefix

  if (looker) {
    const float aggregate = staged_aggregate<V>(row_totals, lane);
    if (lane == 0) publish(tile, make_word(epoch, true, s_prefix + aggregate));
    return;
  }
  const std::size_t base = std::size_t(tile) * V::tile;
  const bool full = base + V::tile <= n;
  float running = s_prefix;  // the tile's prefix, then each row's total in turn
#pragma unroll 1  // one row at a time: unrolled, the compiler hoists every row's loads and spills
  for (unsigned k = 0; k < K; ++k) {
    const float earlier = add_row<W>(row_totals[k], warp, running);
    float own;
    const float inclusive = row_scan<V>(data, k, lane, &own);
    store_scanned4<Vec>(output, base + 4 * std::size_t(t + T * k), full, n, data[t + T * k],
                        earlier + (inclusive - own));
  }
}

// Host side: one epoch counter per translation unit, shared by every variant in it.
unsigned g_host_epoch = 0;

unsigned next_epoch() {
  if (g_host_epoch == kMaxEpoch) {
    void* state = nullptr;
    cudaGetSymbolAddress(&state, g_state);
    cudaMemsetAsync(state, 0, sizeof(g_state), 0);
    g_host_epoch = 0;
  }
  return ++g_host_epoch;
}

unsigned sm_count() {
  static int count = 0;
  if (count == 0) {
    int device = 0;
    cudaGetDevice(&device);
    if (cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess || count <= 0) count = 1;
  }
  return static_cast<unsigned>(count);
}

template <class V, bool Vec>
void launch(const float* input, float* output, unsigned count, unsigned epoch, const float* carry_in) {
  const unsigned tiles = count / V::tile + (count % V::tile != 0);
  if constexpr (V::ahead) {
    static bool carveout_set = false;
    if (!carveout_set) {
      cudaFuncSetAttribute(ahead_kernel<V, Vec>, cudaFuncAttributePreferredSharedMemoryCarveout, 100);
      carveout_set = true;
    }
    ahead_kernel<V, Vec><<<tiles, V::block_threads>>>(input, output, count, epoch, carry_in);
  } else if constexpr (V::staged) {
    static bool carveout_set = false;  // ask for the largest shared-memory carveout once
    if (!carveout_set) {
      cudaFuncSetAttribute(staged_kernel<V, Vec>, cudaFuncAttributePreferredSharedMemoryCarveout, 100);
      carveout_set = true;
    }
    staged_kernel<V, Vec><<<tiles, V::threads>>>(input, output, count, epoch, carry_in);
  } else if constexpr (V::persistent) {
    const unsigned resident = sm_count() * V::min_blocks;
    const unsigned grid = tiles < resident ? tiles : resident;
    persistent_kernel<V, Vec><<<grid, V::threads>>>(input, output, count, epoch, carry_in, tiles);
  } else {
    tile_kernel<V, Vec><<<tiles, V::threads>>>(input, output, count, epoch, carry_in);
  }
}

// The lab's scan() with variant V: launches of up to V::launch_elements elements, each starting
// from the last output of the previous one.
template <class V>
void scan(const float* input, float* output, unsigned n) {
  const bool vectorized =
      reinterpret_cast<std::uintptr_t>(input) % 16 == 0 && reinterpret_cast<std::uintptr_t>(output) % 16 == 0;
  constexpr std::size_t step = V::launch_elements;
  for (std::size_t done = 0; done < n; done += step) {
    const unsigned count = static_cast<unsigned>(n - done < step ? n - done : step);
    const float* carry_in = done == 0 ? nullptr : output + done - 1;
    const unsigned epoch = next_epoch();
    if (vectorized) launch<V, true>(input + done, output + done, count, epoch, carry_in);
    else launch<V, false>(input + done, output + done, count, epoch, carry_in);
  }
}

}  // namespace
}  // namespace scanlab_lookback
