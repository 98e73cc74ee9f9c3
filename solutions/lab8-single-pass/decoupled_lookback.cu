// Lab 8, advanced reference: single-pass scan with decoupled look-back
// (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVIDIA
// technical report NVR-2016-002).
//
// ---- from PMPP's single-pass scan to decoupled look-back ----
// PMPP's chapter 11 ends with a single-pass scan (section 11.7 in the 4th edition), and lab 8's
// scan.cu is that scan: each block scans its section, waits until the block before it has
// published the sum of everything up to that block (a flag and a value per block: "adjacent
// synchronization"), adds it and publishes its own; blocks take their section numbers from an
// atomic counter ("dynamic block index assignment"), so a block only ever waits for one that is
// already running. Its weakness is the chain: block i waits for block i - 1, which waited for
// block i - 2, so the whole grid advances one hand-off (about 1 us, an L2 round trip) at a time.
//
// Decoupled look-back breaks the chain. A tile (one block's section) publishes two things:
//   1. its aggregate, the sum of its own elements, as soon as it has them: that needs no other
//      tile, so no tile waits long for it;
//   2. its inclusive prefix, everything up to and including it, once it knows its own prefix.
// To find its prefix a tile looks back over its predecessors' published words and adds them: it
// never waits for a predecessor to *finish*, only for its aggregate. This reference reads a fixed
// window of 64 tiles (the inclusive prefix of tile i - 64 and the aggregates of the 63 between), so
// the same input gives the same float additions in the same order: the same bits in every run.
//
// ---- how to read this reference ----
// CUB keeps its look-back protocol (ScanTileState), the scan of one tile (AgentScan, BlockScan,
// WarpScan) and the choice of kernel (DispatchScan) apart, and so does this reference: one layer
// per header in decoupled_lookback/, included below in the order they build on each other.
//   tile_scan.cuh        one tile's scan in registers: warp scans by shuffle, guarded float4s
//   protocol.cuh         the look-back protocol: status words, epochs, tickets, publishing, the
//                        fixed window, and the fallback that keeps ticketless launches moving
//   register_kernel.cuh  the register kernel, 2^15 < n < 2^22: PMPP 11.5's coarsened scan per
//                        tile, and a look-back that the whole block shares
//   latency_kernel.cuh   the latency kernel, n <= 2^15: the shortest path through one block
//   staged_kernel.cuh    the staged kernel, n >= 2^22 before Hopper: the tile in shared memory,
//                        and a warp that looks back while the tile is still landing
//   ring_pipeline.cuh    the ring kernel, n >= 2^22 on Hopper: its buffers, its barriers and the
//                        warp that draws tickets and has the copy engine fill the buffers
//   ring_kernel.cuh      the ring kernel's other roles (sum, look back, store), the kernel itself
//                        and its launch
//   dispatch.cuh         scan(), the entry point the lab's harness calls: a kernel by n and GPU
// The protocol and the tile scan are what every kernel shares; the four kernels are four answers
// to "what keeps the memory busy while a tile waits for its prefix", one per range of n.
//
// This file holds what the layers share: the tiles' shapes and the sizes at which scan() switches
// kernel, with the measurements that chose them (as CUB's tuning policies sit apart from its
// agents). The lab's tests read LATENCY_*, STAGED_THREADS, STAGED_VECTORS and STAGED_FROM_N from
// this file (tests/labs/CMakeLists.txt): they stay here, spelled `constexpr unsigned X = K;`.
//
// Where the numbers come from: measurements on an H100 and an H200, recorded in
// research/lookback/NOTES.md (the look-back, rounds 1-31), research/smalln/README.md (small n)
// and bench/results/ (determinism-h200.md, advanced/small-n-h100.md).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <cuda/annotated_ptr>  // cuda::apply_access_property: the staged and ring kernels' L2 prefetch
#include <cuda/barrier>         // the ring kernel's arrive/wait barriers and bulk copies
#include <cuda_pipeline.h>

namespace {

// ---- the register kernel's tile (register_kernel.cuh) ----
// 128 threads x 32 items = 4096 elements. Each warp owns 1024 consecutive elements; it reads them
// with coalesced float4 loads (lane l takes vectors l, l+32, ..., l+224: eight 16-byte loads in
// flight per thread), transposes them through shared memory so each lane gets 32 consecutive
// elements, scans, and transposes back for coalesced float4 stores.
//
// Why these numbers (measured on an H100 at n = 2^28, where a plain copy runs at about 3.0 TB/s,
// when this kernel still took every size): a tile spends much of its life in the look-back,
// mostly waiting for predecessors whose loads are still in flight, so what pays is having many
// tiles resident per SM, each with many bytes in flight. 128 x 32 with 8 blocks per SM ran at
// about 2.3-2.4 TB/s; 256 x 16 with 6 blocks per SM (40 registers) at 2.0; without the look-back
// at all (a wrong result) the kernel hit 3.0. (An earlier version of it walked back 32 tiles per
// step, until it met an INCLUSIVE word; walking 64 or 128 per step did not help there.)
constexpr unsigned THREADS = 128;
constexpr unsigned ITEMS = 32;                       // per thread
constexpr unsigned MIN_BLOCKS_PER_SM = 8;            // caps registers at 64 per thread
constexpr unsigned WARPS = THREADS / 32;
constexpr unsigned TILE = THREADS * ITEMS;           // 4096 elements per block
constexpr unsigned WARP_ITEMS = 32 * ITEMS;          // 1024 elements per warp
constexpr unsigned WARP_ITEMS_PADDED = WARP_ITEMS + WARP_ITEMS / 32;
// One launch scans at most MAX_LAUNCH elements: the status words (protocol.cuh) hold one word per
// tile of a launch, and scan() cuts a larger n into launches (dispatch.cuh).
constexpr unsigned MAX_LAUNCH = 1u << 30;            // elements per kernel launch

static_assert(MAX_LAUNCH % TILE == 0, "launches must hold whole tiles");
static_assert(ITEMS % 4 == 0, "float4 loads");

// ---- the latency kernel's tile (latency_kernel.cuh) ----
// Measured with isolated calls round robin (research/smalln/one_tile.sh, research/smalln/README.md):
// 512 threads x 2 float4s (tile 4096, 64 registers, no spills) beat the register kernel by 0.5-0.7 us
// at 2^10..2^14 on an H100 and an H200 and lost 0.1-0.3 us at 2^16..2^18, hence the switch at 2^15.
// Tiles of 1024 (256 x 1 float4) lost more from 2^16 on: many tiles make the look-back walk long.
constexpr unsigned LATENCY_THREADS = 512;
constexpr unsigned LATENCY_MIN_BLOCKS_PER_SM = 2;  // 64 registers: no spills
constexpr unsigned LATENCY_ROWS = 2;
constexpr unsigned LATENCY_WARPS = LATENCY_THREADS / 32;
constexpr unsigned LATENCY_TILE = 4 * LATENCY_THREADS * LATENCY_ROWS;  // 4096, as the register kernel's
constexpr unsigned LATENCY_UP_TO_N = 1u << 15;  // 8 tiles
// Up to this many tiles, each block adds up the tiles before it itself instead of looking back: its
// prefix then needs no other block, and the extra loads are issued with its own. Measured with
// isolated calls round robin on an H100 and an H200 (research/smalln/README.md): 0.5-0.6 us saved
// at 2^13 and 0.2 us at 2^14; 8 tiles saved nothing at 2^15 (the last block reads 7 tiles more).
constexpr unsigned LATENCY_SELF_PREFIX_TILES = 4;
static_assert(LATENCY_WARPS <= 32, "lane w of every warp holds warp w's total");

// ---- the staged kernel's tile (staged_kernel.cuh; the ring kernel's tiles are the same) ----
// Tile = 256 threads x 8 float4s = 8192 elements, 32 KB of shared memory, 6 tiles per SM.
constexpr unsigned STAGED_THREADS = 256;
constexpr unsigned STAGED_VECTORS = 8;                             // float4s per thread
constexpr unsigned STAGED_WARPS = STAGED_THREADS / 32;
constexpr unsigned STAGED_TILE = STAGED_THREADS * STAGED_VECTORS * 4;  // 8192 elements, 32 KB
constexpr unsigned STAGED_MIN_BLOCKS_PER_SM = 6;                   // 6 x 32 KB of shared memory
// Smaller n: the register kernel. At 2^20 it beats the staged kernel (H100, one run, round robin:
// an isolated call 1.25x the copy kernel's against 1.37x, 0.70-0.72 of a copy back to back against
// 0.64; research/smalln/README.md). With its block-wide look-back it also beats the ring kernel at
// 2^21: one call at a time with the input in L2, 0.79 of cudaMemcpy against 0.64 on an H100 and
// 0.78-0.83 against 0.65-0.73 on an H200; with L2 flushed before each call, 0.74 against 0.73 and
// 0.71 against 0.65. At 2^22 the two tie (research/lookback/NOTES.md, round 31). Measured on
// Hopper only: older GPUs take the same switch to the staged kernel. (Below 2^22 the staged
// kernel's extra setup is not repaid either: at 2^18, 9.3 us against 7.1 us for the register
// kernel.)
constexpr unsigned STAGED_FROM_N = 1u << 22;
static_assert(MAX_LAUNCH % STAGED_TILE == 0, "launches must hold whole tiles");

}  // namespace

// The layers, each building on the ones before it.
#include "decoupled_lookback/tile_scan.cuh"
#include "decoupled_lookback/protocol.cuh"
#include "decoupled_lookback/register_kernel.cuh"
#include "decoupled_lookback/latency_kernel.cuh"
#include "decoupled_lookback/staged_kernel.cuh"
#include "decoupled_lookback/ring_pipeline.cuh"
#include "decoupled_lookback/ring_kernel.cuh"
#include "decoupled_lookback/dispatch.cuh"
