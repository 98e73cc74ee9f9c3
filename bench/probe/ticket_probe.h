// Diagnostic build of the look-back variants (SCANLAB_LOOKBACK_PROBE, bench/probe/ticket_probe.cu):
// for each tile of the staged kernel, the block that drew its ticket and when (%globaltimer, ns).
// Included inside lookback_variants.cuh's namespace, after g_ticket.
#pragma once

__device__ unsigned g_probe_block[kMaxTiles];
__device__ unsigned long long g_probe_time[kMaxTiles];

__device__ __forceinline__ void probe_block(unsigned tile) {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  g_probe_block[tile] = blockIdx.x;
  g_probe_time[tile] = now;
}
