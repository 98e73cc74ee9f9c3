// Diagnostic build of the look-back variants (SCANLAB_LOOKBACK_PROBE, research/lookback/probe/*.cu): for each
// tile of the staged kernel, the block that drew its ticket, and when (%globaltimer, ns) the tile
// passed each stage of its life; for each look-back, how many windows it read and how many polls
// it waited. Included inside lookback_variants.cuh's namespace, after g_ticket.
#pragma once

// Stages of a tile's life, in order (g_probe_stamp's first index).
enum probe_stage : unsigned {
  probe_enter = 0,      // the block started (before the ticket's atomic)
  probe_ticketed = 1,   // the ticket is known to the whole block
  probe_published = 2,  // the tile's data has landed and its aggregate is about to be published
  probe_prefixed = 3,   // the look-back has returned the tile's prefix
  probe_stored = 4,     // thread 0 has issued its stores (the block is about to exit)
  probe_stages = 5
};

__device__ unsigned g_probe_block[kMaxTiles];
__device__ unsigned long long g_probe_time[kMaxTiles];  // = g_probe_stamp[probe_ticketed] (round 11)
__device__ unsigned long long g_probe_stamp[probe_stages][kMaxTiles];
__device__ unsigned g_probe_windows[kMaxTiles];  // windows of 32 predecessors the look-back read
__device__ unsigned g_probe_polls[kMaxTiles];    // polls it repeated because a word was not ready

__device__ __forceinline__ unsigned long long probe_now() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}
__device__ __forceinline__ void probe_stamp(unsigned stage, unsigned tile) { g_probe_stamp[stage][tile] = probe_now(); }
__device__ __forceinline__ void probe_block(unsigned tile, unsigned long long entered = 0) {
  const unsigned long long now = probe_now();
  g_probe_block[tile] = blockIdx.x;
  g_probe_time[tile] = now;
  g_probe_stamp[probe_ticketed][tile] = now;
  g_probe_stamp[probe_enter][tile] = entered;
}
__device__ __forceinline__ void probe_walk(unsigned tile, unsigned windows, unsigned polls) {
  g_probe_windows[tile] = windows;
  g_probe_polls[tile] = polls;
}
