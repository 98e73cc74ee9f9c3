// The look-back variants the benchmark measures and the CPU backend checks (one list for both).
// variant<Threads, Items, MinBlocks, Load, StreamStores, EarlyPublish, Persistent, BackoffNs[, Speculate]>;
// see lookback_variants.cuh for what each parameter does and research/lookback/NOTES.md for why each is here.
//
// SCANLAB_LOOKBACK_VARIANTS(X) calls X(set, "name", type, "what it tests") for every variant. The
// GPU benchmark compiles the variants in several translation units (the set number), so that a
// parallel build compiles them at once.
#pragma once

#include "lookback_entry.h"
#include "lookback_variants.cuh"

namespace scanlab_lookback {
namespace {

//                         Thr  It  MinB Load Stcs Early Pers Backoff
using v_base       = variant<128, 32, 8, 0, false, false, false, 20>;  // = decoupled_lookback.cu today
using v_early      = variant<128, 32, 8, 0, false, true, false, 20>;
using v_early_mb6  = variant<128, 32, 6, 0, false, true, false, 20>;
using v_early_cs   = variant<128, 32, 8, 1, true, true, false, 20>;
using v_early_nc   = variant<128, 32, 8, 2, false, true, false, 20>;
using v_early_spin = variant<128, 32, 8, 0, false, true, false, 0>;
using v_early_b100 = variant<128, 32, 8, 0, false, true, false, 100>;
using v_128x24     = variant<128, 24, 8, 0, false, true, false, 20>;
using v_128x48     = variant<128, 48, 5, 0, false, true, false, 20>;
using v_128x64     = variant<128, 64, 4, 0, false, true, false, 20>;
using v_256x16     = variant<256, 16, 6, 0, false, true, false, 20>;
using v_256x24     = variant<256, 24, 4, 0, false, true, false, 20>;
using v_384x16     = variant<384, 16, 4, 0, false, true, false, 20>;
using v_512x16     = variant<512, 16, 2, 0, false, true, false, 20>;
using v_p128x16    = variant<128, 16, 8, 0, false, true, true, 20>;
using v_p128x24    = variant<128, 24, 6, 0, false, true, true, 20>;
using v_p128x32    = variant<128, 32, 4, 0, false, true, true, 20>;
using v_p256x16    = variant<256, 16, 4, 0, false, true, true, 20>;
using v_p128x16_cs = variant<128, 16, 8, 1, true, true, true, 20>;
using v_spec_128x32    = variant<128, 32, 8, 0, false, true, false, 20, true>;
using v_spec_128x64    = variant<128, 64, 4, 0, false, true, false, 20, true>;
using v_spec_cs_128x64 = variant<128, 64, 4, 1, true, true, false, 20, true>;
using v_spec_256x32    = variant<256, 32, 2, 0, false, true, false, 20, true>;
//                            Thr  It MinB                           Spec  Staged
using v_stage_128x64  = variant<128, 64, 6, 0, false, true, false, 20, true, true>;  // 32 KB/tile
using v_stage_256x32  = variant<256, 32, 6, 0, false, true, false, 20, true, true>;  // 32 KB/tile
using v_stage_512x16  = variant<512, 16, 4, 0, false, true, false, 20, true, true>;  // 32 KB/tile
using v_stage_128x32  = variant<128, 32, 12, 0, false, true, false, 20, true, true>; // 16 KB/tile
using v_stage_256x16  = variant<256, 16, 8, 0, false, true, false, 20, true, true>;  // 16 KB/tile
// Round 3b: as much of the 228 KB per SM as fits (each block also reserves 1 KB).
using v_stage_128x48  = variant<128, 48, 9, 0, false, true, false, 20, true, true>;  // 24 KB x 9 = 225 KB
using v_stage_128x52  = variant<128, 52, 8, 0, false, true, false, 20, true, true>;  // 26 KB x 8 = 216 KB
using v_stage_128x56  = variant<128, 56, 7, 0, false, true, false, 20, true, true>;  // 28 KB x 7 = 203 KB
using v_stage_192x32  = variant<192, 32, 8, 0, false, true, false, 20, true, true>;  // 24 KB x 8 = 200 KB
using v_stage_256x28  = variant<256, 28, 7, 0, false, true, false, 20, true, true>;  // 28 KB x 7 = 203 KB
// Round 4: a look-ahead warp without data walks back while the tile's copies are in flight.
//                              Thr  It MinB                          Spec  Stg  Ahead
using v_ahead_256x32     = variant<256, 32, 6, 0, false, true, false, 20, true, true, true>;   // 32 KB x 6, 288 thr
using v_ahead_256x32_mb5 = variant<256, 32, 5, 0, false, true, false, 20, true, true, true>;   // 32 KB x 5
using v_ahead_128x64     = variant<128, 64, 6, 0, false, true, false, 20, true, true, true>;   // 32 KB x 6, 160 thr
using v_ahead_128x48     = variant<128, 48, 9, 0, false, true, false, 20, true, true, true>;   // 24 KB x 9
using v_ahead_128x32     = variant<128, 32, 12, 0, false, true, false, 20, true, true, true>;  // 16 KB x 12
// Round 5: every warp of the staged block looks back, Threads predecessors per step.
//                             Thr  It MinB                          Spec  Stg  Ahead  Wide
using v_wide_256x32     = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, true>;   // 256 per step
using v_wide_128x64     = variant<128, 64, 6, 0, false, true, false, 20, true, true, false, true>;   // 128 per step
using v_wide_128x32     = variant<128, 32, 12, 0, false, true, false, 20, true, true, false, true>;  // 16 KB tiles
using v_wide_512x16     = variant<512, 16, 4, 0, false, true, false, 20, true, true, false, true>;   // 512 per step
using v_wide_256x16     = variant<256, 16, 8, 0, false, true, false, 20, true, true, false, true>;   // 16 KB tiles
// Round 6: the ticket read at the row-totals barrier (one barrier less, the atomic overlaps the scan).
using v_late_256x32 = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, true>;
using v_late_128x32 = variant<128, 32, 12, 0, false, true, false, 20, true, true, false, false, true>;
using v_late_256x32_b0 = variant<256, 32, 6, 0, false, true, false, 0, true, true, false, false, true>;
// Round 7: no ticket; tile = blockIdx.x, and a look-back that waits too long reduces the missing
// predecessors itself (decoupled fallback).
//                             Thr It MinB                          Spec  Stg  Ahd  Wide  Late  Fallback
using v_fb_stage_256x32 = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, false, true>;
using v_fb_stage_128x32 = variant<128, 32, 12, 0, false, true, false, 20, true, true, false, false, false, true>;
using v_fb_stage_128x64 = variant<128, 64, 6, 0, false, true, false, 20, true, true, false, false, false, true>;
using v_fb_128x32       = variant<128, 32, 8, 0, false, true, false, 20, false, false, false, false, false, true>;
using v_fb_128x64       = variant<128, 64, 4, 0, false, true, false, 20, false, false, false, false, false, true>;
// Round 8: the look-back warp reads 4 status words per lane per step (128 predecessors, no barrier).
//                                Thr It MinB                          Spec  Stg  Ahd  Wide  Late  Fb    Depth
using v_deep4_stage_256x32    = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, false, false, 4>;
using v_fb_deep4_stage_256x32 = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, false, true, 4>;
// Round 9: the staged 256x32 tile with other back-offs between polls (round 8's four-word look-back
// lost 10%: is polling the status words itself a cost, all waiting tiles reading the same lines?).
//                              Thr  It MinB                      Backoff Spec  Staged
using v_stage_256x32_b0   = variant<256, 32, 6, 0, false, true, false, 0, true, true>;
using v_stage_256x32_b100 = variant<256, 32, 6, 0, false, true, false, 100, true, true>;
using v_stage_256x32_b300 = variant<256, 32, 6, 0, false, true, false, 300, true, true>;

// Round 10: the staged tile moved by the bulk-copy engine (TMA) instead of a cp.async per thread and
// float4: 1 = bulk load, 2 = bulk load and bulk store (bulk_copy.h).
//                              Thr  It MinB                          Spec  Stg  Ahd    Wide   Late   Fb  Depth Bulk
using v_bulk_256x32    = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, false, false, 1, 1>;
using v_bulk_st_256x32 = variant<256, 32, 6, 0, false, true, false, 20, true, true, false, false, false, false, 1, 2>;
using v_bulk_128x64    = variant<128, 64, 6, 0, false, true, false, 20, true, true, false, false, false, false, 1, 1>;
using v_bulk_st_128x64 = variant<128, 64, 6, 0, false, true, false, 20, true, true, false, false, false, false, 1, 2>;
using v_bulk_128x32    = variant<128, 32, 12, 0, false, true, false, 20, true, true, false, false, false, false, 1, 1>;
// Round 11: the staged tile copied only once the ticket is known (no guess): a wrong guess costs a
// second DRAM read of the whole tile, the ticket's round trip is hidden by the other resident tiles.
//                                Thr  It MinB                      Spec  Staged
using v_stage_nospec_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true>;
using v_stage_nospec_128x64 = variant<128, 64, 6, 0, false, true, false, 20, false, true>;
// Round 12: as round 11, plus an L2 prefetch of tile blockIdx.x while the ticket is drawn (what the
// wrong guesses bought, without waiting for them).
//                          Thr  It MinB                      Spec  Stg  Ahd    Wide   Late   Fb  Depth Bulk Prefetch
using v_pf_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 1>;
using v_pf_128x64 = variant<128, 64, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 1>;
// The same prefetch issued as one 128-byte line per thread (cuda::apply_access_property), which the
// lab's reference can use without inline PTX.
using v_pfl_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 2>;
// Round 14: the same, and a second tile further ahead (blockIdx.x + 256 / + 1024) prefetched too.
using v_pfa256_256x32  = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 256>;
using v_pfa1024_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 1024>;
// Round 15: the adopted prefetch (one line per thread) with the other staged shapes of round 3, for
// the H200, which needs more bytes in flight per SM than the H100.
//                           Thr  It MinB                          Spec   Stg  Ahd    Wide   Late   Fb   Depth Bulk Prefetch
using v_pfl_128x32 = variant<128, 32, 12, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 2>;
using v_pfl_128x48 = variant<128, 48, 9, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 2>;
using v_pfl_256x28 = variant<256, 28, 7, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 2>;
using v_pfl_128x64 = variant<128, 64, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 2>;
// Round 16 (for the H200, 0.84 of a copy): is the chain of predecessors the limit there, or the
// way bytes move? New knobs are set by deriving from the adopted variant (lookback_variants.cuh).
// Diagnostic: the adopted kernel without waiting for the look-back (the output is a scan per tile).
struct v_nowait_256x32 : v_pfl_256x32 { static constexpr bool no_wait = true; };
// L2 hygiene: the output stored evict-first (__stcs), and/or the tile's input copied evict-first,
// so that L2 keeps the tiles prefetched for the blocks that follow.
struct v_pfl_cs_256x32 : v_pfl_256x32 { static constexpr bool stream_stores = true; };
struct v_pfl_ef_256x32 : v_pfl_256x32 { static constexpr bool evict_first_copies = true; };
struct v_pfl_efcs_256x32 : v_pfl_256x32 {
  static constexpr bool stream_stores = true;
  static constexpr bool evict_first_copies = true;
};
// A short look-ahead (round 14's 256 and 1024 tiles evicted what the resident tiles needed).
using v_pfa16_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 16>;
using v_pfa64_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 1, 0, 64>;
// Round 17: the life probe (research/lookback/probe/life_probe.cu) on the H200 found 3.4 us of a tile's 13.8 us
// spent in the look-back after every predecessor had published: 2.5 windows of 32, each one L2
// round trip (about 1 us under load), read one after another. Deeper windows read them at once.
//                              Thr  It MinB                          Spec   Stg  Ahd    Wide   Late   Fb   Depth Bulk Prefetch
using v_pfl_deep2_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 2, 0, 2>;
using v_pfl_deep4_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 4, 0, 2>;
using v_pfl_deep8_256x32 = variant<256, 32, 6, 0, false, true, false, 20, false, true, false, false, false, false, 8, 0, 2>;
// Round 18: deeper windows lost (every poll got slower); instead, make INCLUSIVE words nearer: a
// tile that knows its prefix publishes INCLUSIVE for the run of successors that have published an
// aggregate (forward_peek and forward_publish in lookback_variants.cuh).
struct v_pfl_fwd_256x32 : v_pfl_256x32 { static constexpr bool forward_publish = true; };
// Round 9's back-offs again, with the prefetch and on the H200 (polls may cost more there).
using v_pfl_b100_256x32 = variant<256, 32, 6, 0, false, true, false, 100, false, true, false, false, false, false, 1, 0, 2>;
using v_pfl_b300_256x32 = variant<256, 32, 6, 0, false, true, false, 300, false, true, false, false, false, false, 1, 0, 2>;
// Round 19: forward publication lost (the block waits for the successors' words before it
// exits). The fallback (no ticket, direct copies from DRAM) is 10% below the L2 prefetch on the
// H200 although it saves the ticket: a cp.async that goes to DRAM holds the SM's request tracking
// for the whole DRAM latency, an L2 prefetch does not. So prefetch earlier, each tile still once.
struct v_pfo16_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 16; };
struct v_pfo64_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 64; };
struct v_pfo256_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 256; };
// Round 20: the offset around the adopted 64, and 64 with round 9's 100 ns back-off.
struct v_pfo32_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 32; };
struct v_pfo96_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 96; };
struct v_pfo128_256x32 : v_pfl_256x32 { static constexpr unsigned prefetch_offset = 128; };
struct v_pfo64_b100_256x32 : v_pfl_b100_256x32 { static constexpr unsigned prefetch_offset = 64; };
// Round 21: round 4's look-ahead warp (walks back while the tile's copies are in flight) with the
// adopted prefetch. The life probe puts 3.3 us of a tile's 13.5 in the walk after every
// predecessor has published and 4.5 us in the copy: the walk could hide behind the copy.
struct v_ahead_pfo64_256x32 : v_ahead_256x32 { static constexpr unsigned prefetch_offset = 64; };
struct v_ahead_pfo64_128x64 : v_ahead_128x64 { static constexpr unsigned prefetch_offset = 64; };
// Round 22: round 21's winner (lb-ahead-pfo64-256x32, 0.874 / 0.881 on the H200) around its settings.
struct v_ahead_pfo32_256x32 : v_ahead_256x32 { static constexpr unsigned prefetch_offset = 32; };
struct v_ahead_pfo128_256x32 : v_ahead_256x32 { static constexpr unsigned prefetch_offset = 128; };
using v_ahead_b100_256x32 = variant<256, 32, 6, 0, false, true, false, 100, true, true, true>;
struct v_ahead_pfo64_b100_256x32 : v_ahead_b100_256x32 { static constexpr unsigned prefetch_offset = 64; };
struct v_ahead_pfo64_128x48 : v_ahead_128x48 { static constexpr unsigned prefetch_offset = 64; };
// Without the ticket (round 7's fallback): tile b is copied at once, and is an L2 hit if block
// b - offset asked for it early enough; saves the ticket's round trip (1.5 us of 13.8 on the H200).
struct v_fbpo64_256x32 : v_fb_stage_256x32 { static constexpr unsigned prefetch_offset = 64; };
struct v_fbpo256_256x32 : v_fb_stage_256x32 { static constexpr unsigned prefetch_offset = 256; };

}  // namespace
}  // namespace scanlab_lookback

// clang-format off
#define SCANLAB_LOOKBACK_VARIANTS(X)                                                                          \
  X(0, "lb-base-128x32",      v_base,       "decoupled_lookback.cu's shape: 128x32, 8 blocks/SM")            \
  X(0, "lb-early-128x32",     v_early,      "aggregate published from the loaded registers, scan before look-back") \
  X(0, "lb-early-cs-128x32",  v_early_cs,   "early + __ldcs loads, __stcs stores")                             \
  X(0, "lb-early-nc-128x32",  v_early_nc,   "early + __ldg loads")                                             \
  X(1, "lb-early-spin-128x32", v_early_spin, "early, no __nanosleep back-off")                                 \
  X(1, "lb-early-b100-128x32", v_early_b100, "early, 100 ns back-off")                                         \
  X(1, "lb-early-mb6-128x32", v_early_mb6,  "early, 6 blocks/SM: up to 80 registers, no spills")             \
  X(1, "lb-early-128x24",     v_128x24,     "early, CUB's 128x24 tile, 8 blocks/SM")                           \
  X(1, "lb-early-128x48",     v_128x48,     "early, 128x48, 5 blocks/SM")                                      \
  X(2, "lb-early-128x64",     v_128x64,     "early, 128x64, 4 blocks/SM")                                      \
  X(2, "lb-early-256x16",     v_256x16,     "early, 256x16, 6 blocks/SM")                                      \
  X(2, "lb-early-256x24",     v_256x24,     "early, 256x24, 4 blocks/SM")                                      \
  X(2, "lb-early-384x16",     v_384x16,     "early, 384x16, 4 blocks/SM")                                      \
  X(3, "lb-early-512x16",     v_512x16,     "early, 512x16, 2 blocks/SM")                                      \
  X(3, "lb-persist-128x16",   v_p128x16,    "persistent, next tile's ticket+loads during look-back, 8 blocks/SM") \
  X(3, "lb-persist-128x24",   v_p128x24,    "persistent, 128x24, 6 blocks/SM")                                 \
  X(4, "lb-persist-128x32",   v_p128x32,    "persistent, 128x32, 4 blocks/SM")                                 \
  X(4, "lb-persist-256x16",   v_p256x16,    "persistent, 256x16, 4 blocks/SM")                                 \
  X(4, "lb-persist-cs-128x16", v_p128x16_cs, "persistent 128x16 + __ldcs/__stcs")                            \
  X(0, "lb-spec-128x32",      v_spec_128x32, "early + tile blockIdx.x loaded while the ticket is drawn")       \
  X(1, "lb-spec-128x64",      v_spec_128x64, "speculative loads, 128x64, 4 blocks/SM")                         \
  X(2, "lb-spec-cs-128x64",   v_spec_cs_128x64, "speculative loads, 128x64, __ldcs/__stcs")                    \
  X(3, "lb-spec-256x32",      v_spec_256x32, "speculative loads, 256x32 (8192 per tile), 2 blocks/SM")         \
  X(0, "lb-stage-128x64",     v_stage_128x64, "tile staged in shared memory by cp.async, 128x64, 6 blocks/SM")  \
  X(1, "lb-stage-256x32",     v_stage_256x32, "staged, 256x32, 6 blocks/SM")                                    \
  X(2, "lb-stage-512x16",     v_stage_512x16, "staged, 512x16, 4 blocks/SM")                                    \
  X(3, "lb-stage-128x32",     v_stage_128x32, "staged, 128x32 (16 KB), 12 blocks/SM")                           \
  X(4, "lb-stage-256x16",     v_stage_256x16, "staged, 256x16 (16 KB), 8 blocks/SM")                            \
  X(0, "lb-stage-128x48",     v_stage_128x48, "staged, 128x48 (24 KB), 9 blocks/SM: 225 KB of shared memory")  \
  X(1, "lb-stage-128x52",     v_stage_128x52, "staged, 128x52 (26 KB), 8 blocks/SM: 216 KB")                   \
  X(2, "lb-stage-128x56",     v_stage_128x56, "staged, 128x56 (28 KB), 7 blocks/SM: 203 KB")                   \
  X(3, "lb-stage-192x32",     v_stage_192x32, "staged, 192x32 (24 KB), 8 blocks/SM: 200 KB")                   \
  X(4, "lb-stage-256x28",     v_stage_256x28, "staged, 256x28 (28 KB), 7 blocks/SM: 203 KB")              \
  X(0, "lb-ahead-256x32",     v_ahead_256x32, "staged + look-ahead warp (walks while copies fly), 6 blocks/SM") \
  X(1, "lb-ahead-256x32-mb5", v_ahead_256x32_mb5, "look-ahead, 256x32, 5 blocks/SM")                        \
  X(2, "lb-ahead-128x64",     v_ahead_128x64, "look-ahead, 128x64, 6 blocks/SM")                             \
  X(3, "lb-ahead-128x48",     v_ahead_128x48, "look-ahead, 128x48 (24 KB), 9 blocks/SM")                    \
  X(4, "lb-ahead-128x32",     v_ahead_128x32, "look-ahead, 128x32 (16 KB), 12 blocks/SM")                \
  X(0, "lb-wide-256x32",      v_wide_256x32, "staged, all 8 warps look back (256 tiles per step), 6 blocks/SM") \
  X(1, "lb-wide-128x64",      v_wide_128x64, "staged wide look-back, 128x64, 6 blocks/SM")                  \
  X(2, "lb-wide-128x32",      v_wide_128x32, "staged wide look-back, 128x32 (16 KB), 12 blocks/SM")          \
  X(3, "lb-wide-512x16",      v_wide_512x16, "staged wide look-back, 512x16 (512 per step), 4 blocks/SM")    \
  X(4, "lb-wide-256x16",      v_wide_256x16, "staged wide look-back, 256x16 (16 KB), 8 blocks/SM")         \
  X(0, "lb-late-256x32",      v_late_256x32, "staged, ticket read after the row scans, 6 blocks/SM")         \
  X(1, "lb-late-128x32",      v_late_128x32, "late ticket, 128x32 (16 KB), 12 blocks/SM")                   \
  X(2, "lb-late-256x32-spin", v_late_256x32_b0, "late ticket, 256x32, no back-off in the look-back")    \
  X(0, "lb-fb-stage-256x32",  v_fb_stage_256x32, "staged, no ticket (blockIdx.x + decoupled fallback), 6 blocks/SM") \
  X(1, "lb-fb-stage-128x32",  v_fb_stage_128x32, "staged, no ticket, 128x32 (16 KB), 12 blocks/SM")      \
  X(2, "lb-fb-stage-128x64",  v_fb_stage_128x64, "staged, no ticket, 128x64, 6 blocks/SM")               \
  X(3, "lb-fb-128x32",        v_fb_128x32, "registers, early publish, no ticket, 128x32, 8 blocks/SM")     \
  X(4, "lb-fb-128x64",        v_fb_128x64, "registers, early publish, no ticket, 128x64, 4 blocks/SM")     \
  X(0, "lb-deep4-stage-256x32", v_deep4_stage_256x32, "staged 256x32, look-back of 4 words per lane (128 per step)") \
  X(1, "lb-fb-deep4-stage-256x32", v_fb_deep4_stage_256x32, "staged 256x32, no ticket, 128 predecessors per step") \
  X(2, "lb-stage-256x32-b0",   v_stage_256x32_b0,   "staged 256x32, no back-off between polls")                  \
  X(3, "lb-stage-256x32-b100", v_stage_256x32_b100, "staged 256x32, 100 ns back-off between polls")              \
  X(4, "lb-stage-256x32-b300", v_stage_256x32_b300, "staged 256x32, 300 ns back-off between polls")              \
  X(0, "lb-bulk-256x32",      v_bulk_256x32,    "staged 256x32, the tile loaded by one bulk copy (TMA), 6 blocks/SM") \
  X(1, "lb-bulk-st-256x32",   v_bulk_st_256x32, "staged 256x32, bulk load and bulk store (TMA)")              \
  X(2, "lb-bulk-128x64",      v_bulk_128x64,    "staged 128x64, bulk load (TMA), 6 blocks/SM")                \
  X(3, "lb-bulk-st-128x64",   v_bulk_st_128x64, "staged 128x64, bulk load and bulk store (TMA)")              \
  X(4, "lb-bulk-128x32",      v_bulk_128x32,    "staged 128x32 (16 KB), bulk load (TMA), 12 blocks/SM")     \
  X(0, "lb-stage-nospec-256x32", v_stage_nospec_256x32, "staged 256x32, copies start after the ticket (no guess)") \
  X(1, "lb-stage-nospec-128x64", v_stage_nospec_128x64, "staged 128x64, copies start after the ticket (no guess)") \
  X(2, "lb-pf-256x32",        v_pf_256x32, "staged 256x32, tile blockIdx.x prefetched to L2 during the ticket, copies after it") \
  X(3, "lb-pf-128x64",        v_pf_128x64, "staged 128x64, L2 prefetch of blockIdx.x's tile, copies after the ticket") \
  X(4, "lb-pfl-256x32",       v_pfl_256x32, "staged 256x32, the L2 prefetch as one line per thread (apply_access_property)") \
  X(0, "lb-pfa256-256x32",    v_pfa256_256x32, "as lb-pfl-256x32, and tile blockIdx.x + 256 prefetched too") \
  X(1, "lb-pfa1024-256x32",   v_pfa1024_256x32, "as lb-pfl-256x32, and tile blockIdx.x + 1024 prefetched too") \
  X(2, "lb-pfl-128x32",       v_pfl_128x32, "L2 prefetch of the guess, staged 128x32 (16 KB), 12 blocks/SM") \
  X(3, "lb-pfl-128x48",       v_pfl_128x48, "L2 prefetch of the guess, staged 128x48 (24 KB), 9 blocks/SM") \
  X(4, "lb-pfl-256x28",       v_pfl_256x28, "L2 prefetch of the guess, staged 256x28 (28 KB), 7 blocks/SM") \
  X(0, "lb-pfl-128x64",       v_pfl_128x64, "L2 prefetch of the guess, staged 128x64 (32 KB), 6 blocks/SM") \
  X(1, "diag-nowait-256x32",  v_nowait_256x32, "DIAGNOSTIC, not a scan: lb-pfl-256x32 without waiting for the look-back") \
  X(2, "lb-pfl-cs-256x32",    v_pfl_cs_256x32, "lb-pfl-256x32, output stored evict-first (__stcs)") \
  X(3, "lb-pfl-ef-256x32",    v_pfl_ef_256x32, "lb-pfl-256x32, the tile copied with an L2 evict-first policy") \
  X(4, "lb-pfl-efcs-256x32",  v_pfl_efcs_256x32, "lb-pfl-256x32, evict-first copies and evict-first stores") \
  X(0, "lb-pfa16-256x32",     v_pfa16_256x32, "as lb-pfl-256x32, and tile blockIdx.x + 16 prefetched too") \
  X(1, "lb-pfa64-256x32",     v_pfa64_256x32, "as lb-pfl-256x32, and tile blockIdx.x + 64 prefetched too") \
  X(2, "lb-pfl-deep2-256x32", v_pfl_deep2_256x32, "lb-pfl-256x32, look-back of 2 words per lane (64 per step)") \
  X(3, "lb-pfl-deep4-256x32", v_pfl_deep4_256x32, "lb-pfl-256x32, look-back of 4 words per lane (128 per step)") \
  X(4, "lb-pfl-deep8-256x32", v_pfl_deep8_256x32, "lb-pfl-256x32, look-back of 8 words per lane (256 per step)") \
  X(0, "lb-pfl-fwd-256x32",   v_pfl_fwd_256x32, "lb-pfl-256x32, INCLUSIVE published for the successors that wait") \
  X(1, "lb-pfl-b100-256x32",  v_pfl_b100_256x32, "lb-pfl-256x32, 100 ns back-off between polls") \
  X(2, "lb-pfl-b300-256x32",  v_pfl_b300_256x32, "lb-pfl-256x32, 300 ns back-off between polls") \
  X(3, "lb-pfo16-256x32",     v_pfo16_256x32, "lb-pfl-256x32, block b prefetches tile b + 16 instead of b") \
  X(4, "lb-pfo64-256x32",     v_pfo64_256x32, "lb-pfl-256x32, block b prefetches tile b + 64 instead of b") \
  X(0, "lb-pfo256-256x32",    v_pfo256_256x32, "lb-pfl-256x32, block b prefetches tile b + 256 instead of b") \
  X(1, "lb-fbpo64-256x32",    v_fbpo64_256x32, "staged, no ticket, block b prefetches tile b + 64 into L2") \
  X(2, "lb-fbpo256-256x32",   v_fbpo256_256x32, "staged, no ticket, block b prefetches tile b + 256 into L2") \
  X(3, "lb-pfo32-256x32",     v_pfo32_256x32, "lb-pfl-256x32, block b prefetches tile b + 32 instead of b") \
  X(4, "lb-pfo96-256x32",     v_pfo96_256x32, "lb-pfl-256x32, block b prefetches tile b + 96 instead of b") \
  X(0, "lb-pfo128-256x32",    v_pfo128_256x32, "lb-pfl-256x32, block b prefetches tile b + 128 instead of b") \
  X(1, "lb-pfo64-b100-256x32", v_pfo64_b100_256x32, "lb-pfo64-256x32 with 100 ns back-off between polls") \
  X(2, "lb-ahead-pfo64-256x32", v_ahead_pfo64_256x32, "look-ahead warp walks while the copies fly, prefetch 64 tiles ahead") \
  X(3, "lb-ahead-pfo64-128x64", v_ahead_pfo64_128x64, "look-ahead warp, prefetch 64 tiles ahead, 128x64 tile (160 threads)") \
  X(4, "lb-ahead-pfo32-256x32", v_ahead_pfo32_256x32, "look-ahead warp, prefetch 32 tiles ahead") \
  X(0, "lb-ahead-pfo128-256x32", v_ahead_pfo128_256x32, "look-ahead warp, prefetch 128 tiles ahead") \
  X(1, "lb-ahead-pfo64-b100-256x32", v_ahead_pfo64_b100_256x32, "look-ahead warp, prefetch 64 ahead, 100 ns back-off") \
  X(2, "lb-ahead-pfo64-128x48", v_ahead_pfo64_128x48, "look-ahead warp, prefetch 64 ahead, 128x48 tile (24 KB, 9 blocks/SM)")
// clang-format on
