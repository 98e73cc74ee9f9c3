// Host entry points of cg_kernels.cu: cooperative groups at block and warp level, run on whichever
// backend the test was built for (nvcc's real <cooperative_groups.h> on the GPU, scanlab's on the
// CPU backend); test_cooperative_groups.cpp checks both against CPU references.
#pragma once

#include <cstdint>
#include <vector>

namespace cg_features {

enum class reduce_op { plus, less, greater, bit_and, bit_or, bit_xor };

// Every thread of each thread_block_tile<tile> gets cg::reduce over its tile's values of `in`.
std::vector<int> tile_reduce(const std::vector<int>& in, unsigned block, unsigned tile, reduce_op op);
// Per thread: cg::inclusive_scan (plus) over its tile, then cg::exclusive_scan, interleaved
// (out[2i] inclusive, out[2i+1] exclusive).
std::vector<int> tile_scan(const std::vector<int>& in, unsigned block, unsigned tile);
// The same two scans with cg::greater (a running maximum); exclusive rank 0 gets int{}.
std::vector<int> tile_max_scan(const std::vector<int>& in, unsigned block, unsigned tile);

// What each thread reads of its groups, kInfoFields values per thread (see cg_kernels.cu).
inline constexpr unsigned kInfoFields = 23;
std::vector<std::uint32_t> group_info(const std::vector<std::uint32_t>& in, unsigned grid, unsigned block);

// Shuffles of a 16-byte struct through a 16-wide tile: per thread {shfl_down(1).a, .d, shfl(src 3).b,
// shfl_xor(5).c}.
std::vector<std::int32_t> wide_shuffles(const std::vector<std::int32_t>& in, unsigned block);

// Each block copies its slice of `in` to shared memory with cg::memcpy_async, waits with
// cg::wait, and writes it out reversed.
std::vector<int> memcpy_async_reverse(const std::vector<int>& in, unsigned block);

// Per block: block-wide sum built from 32-wide tile reductions, thread_block::sync between, and a
// split barrier (barrier_arrive / barrier_wait) before the result is read.
std::vector<int> block_sum_by_tiles(const std::vector<int>& in, unsigned block);

// Tiles wider than a warp (tile = 64, 128 or 256 in blocks of 256, scratch from block_tile_memory):
// kMultiWarpFields values per thread: thread_rank, meta_group_rank, meta_group_size, num_threads,
// shfl(v, 3), any(v == 7), all(v > -1000), reduce plus, inclusive_scan plus, exclusive_scan plus,
// reduce greater (after tile.sync()).
inline constexpr unsigned kMultiWarpFields = 11;
std::vector<int> multi_warp_tiles(const std::vector<int>& in, unsigned tile);

}  // namespace cg_features
