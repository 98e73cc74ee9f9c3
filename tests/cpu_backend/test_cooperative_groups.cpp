// Cooperative groups at block and warp level against CPU references, on random integers, under
// forward, reverse and random thread and block orders (where the backend chooses them; the GPU run
// of the same test is the parity check).
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cg_kernels.h"
#include "scanlab/backend.h"
#include "scanlab_catch.hpp"

namespace {

using scanlab::backend::order;
using cg_features::reduce_op;

std::vector<int> random_ints(std::size_t n, unsigned seed, int low = -1000, int high = 1000) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(low, high);
  std::vector<int> v(n);
  for (int& x : v) x = pick(rng);
  return v;
}

int apply(reduce_op op, int a, int b) {
  switch (op) {
    case reduce_op::plus: return a + b;
    case reduce_op::less: return std::min(a, b);
    case reduce_op::greater: return std::max(a, b);
    case reduce_op::bit_and: return a & b;
    case reduce_op::bit_or: return a | b;
    case reduce_op::bit_xor: return a ^ b;
  }
  return 0;
}

const char* name_of(reduce_op op) {
  static const char* names[] = {"plus", "less", "greater", "bit_and", "bit_or", "bit_xor"};
  return names[static_cast<int>(op)];
}

struct schedule {
  order threads, blocks;
  std::uint64_t seed;
  std::string name;
};

std::vector<schedule> schedules() {
  return {{order::forward, order::forward, 1, "forward"},
          {order::reverse, order::reverse, 1, "reverse"},
          {order::random, order::random, 17, "random (seed 17)"},
          {order::random, order::forward, 23, "threads random (seed 23)"}};
}

// Runs `check` under every schedule, then puts the default back.
template <class Check>
void under_every_schedule(Check&& check) {
  for (const schedule& s : schedules()) {
    INFO("schedule: " << s.name);
    scanlab::backend::set_schedule(s.threads, s.blocks, s.seed);
    check();
  }
  scanlab::backend::set_schedule(order::forward, order::forward, 1);
}

}  // namespace

TEST_CASE("cg::reduce over thread_block_tile<N> matches a CPU reduction", "[cooperative_groups]") {
  const unsigned block = 128;
  auto in = random_ints(4 * block, 3);
  under_every_schedule([&] {
    for (unsigned tile : {1u, 2u, 4u, 8u, 16u, 32u}) {
      for (reduce_op op : {reduce_op::plus, reduce_op::less, reduce_op::greater, reduce_op::bit_and,
                           reduce_op::bit_or, reduce_op::bit_xor}) {
        INFO("tile " << tile << ", op " << name_of(op));
        auto out = cg_features::tile_reduce(in, block, tile, op);
        std::vector<int> expected(in.size());
        for (std::size_t first = 0; first < in.size(); first += tile) {
          int r = in[first];
          for (std::size_t k = 1; k < tile; ++k) r = apply(op, r, in[first + k]);
          std::fill(expected.begin() + first, expected.begin() + first + tile, r);
        }
        CHECK(out == expected);
      }
    }
  });
}

TEST_CASE("cg::inclusive_scan and cg::exclusive_scan over tiles match CPU scans", "[cooperative_groups]") {
  const unsigned block = 96;
  auto in = random_ints(3 * block, 5);
  under_every_schedule([&] {
    for (unsigned tile : {1u, 2u, 4u, 8u, 16u, 32u}) {
      INFO("tile " << tile);
      auto sums = cg_features::tile_scan(in, block, tile);
      auto maxima = cg_features::tile_max_scan(in, block, tile);
      std::vector<int> expected_sums(2 * in.size()), expected_maxima(2 * in.size());
      for (std::size_t first = 0; first < in.size(); first += tile) {
        int sum = 0, max = 0;
        for (std::size_t k = 0; k < tile; ++k) {
          int x = in[first + k];
          expected_sums[2 * (first + k) + 1] = sum;  // exclusive: rank 0 gets int{}
          expected_maxima[2 * (first + k) + 1] = k == 0 ? 0 : max;
          sum += x;
          max = k == 0 ? x : std::max(max, x);
          expected_sums[2 * (first + k)] = sum;
          expected_maxima[2 * (first + k)] = max;
        }
      }
      CHECK(sums == expected_sums);
      CHECK(maxima == expected_maxima);
    }
  });
}

TEST_CASE("thread_block, tiles, dynamic partitions and coalesced groups report CUDA's ranks and votes",
          "[cooperative_groups]") {
  const unsigned grid = 3, block = 64;
  std::mt19937 rng(11);
  std::vector<std::uint32_t> in(grid * block);
  for (auto& x : in) x = rng() % 1000;
  under_every_schedule([&] {
    auto out = cg_features::group_info(in, grid, block);
    for (unsigned g = 0; g < grid * block; ++g) {
      INFO("thread " << g);
      const std::uint32_t* row = out.data() + g * cg_features::kInfoFields;
      unsigned t = g % block, b = g / block, lane = t % 32, warp_first = g - lane, eight_first = g - t % 8;
      unsigned ballot = 0, any = 0, all = 1;
      for (unsigned k = 0; k < 8; ++k) {
        ballot |= (in[eight_first + k] & 1u) << k;
        any |= in[eight_first + k] % 5 == 0;
        all &= in[eight_first + k] % 2 == 0;
      }
      unsigned same_remainder = 0;
      for (unsigned k = 0; k < 8; ++k) same_remainder |= unsigned(in[eight_first + k] % 3 == in[g] % 3) << k;
      unsigned parity_count = 0, parity_rank = 0, remainder_count = 0, remainder_rank = 0;
      for (unsigned k = 0; k < 32; ++k) {
        bool parity = (in[warp_first + k] & 1u) == (in[g] & 1u);
        bool remainder = in[warp_first + k] % 3 == in[g] % 3;
        parity_count += parity;
        remainder_count += remainder;
        if (k < lane) parity_rank += parity, remainder_rank += remainder;
      }
      std::uint32_t warp_sum = 0;
      for (unsigned k = 0; k < 32; ++k) warp_sum += in[warp_first + k];
      CHECK(row[0] == t);
      CHECK(row[1] == block);
      CHECK(row[2] == b);
      CHECK(row[3] == block);
      CHECK(row[4] == t / 32);
      CHECK(row[5] == block / 32);
      CHECK(row[6] == t % 8);
      CHECK(row[7] == ballot);
      CHECK(row[8] == any);
      CHECK(row[9] == all);
      CHECK(row[10] == in[warp_first + 7]);
      CHECK(row[11] == (lane >= 3 ? in[g - 3] : in[g]));
      CHECK(row[12] == (lane + 2 < 32 ? in[g + 2] : in[g]));
      CHECK(row[13] == in[eight_first + ((t % 8) ^ 5)]);
      CHECK(row[14] == (t % 8) / 4 * 100 + 2 * 10 + t % 4);
      CHECK(row[15] == (t % 4) * 10 + 4);
      CHECK(row[16] == lane * 100 + 32);
      CHECK(row[17] == b);
      CHECK(row[18] == grid * block);
      CHECK(row[19] == warp_sum);
      CHECK(row[20] == same_remainder);
      CHECK(row[21] == parity_count * 100 + parity_rank);
      CHECK(row[22] == remainder_count * 100 + remainder_rank);
    }
  });
}

TEST_CASE("tile shuffles move values wider than 8 bytes", "[cooperative_groups]") {
  const unsigned block = 64;
  std::vector<std::int32_t> in(2 * block);
  std::mt19937 rng(2);
  for (auto& x : in) x = static_cast<std::int32_t>(rng() % 100000) - 50000;
  under_every_schedule([&] {
    auto out = cg_features::wide_shuffles(in, block);
    for (unsigned i = 0; i < in.size(); ++i) {
      INFO("thread " << i);
      unsigned r = i % 16, first = i - r;
      std::int32_t down = r + 1 < 16 ? in[i + 1] : in[i];
      CHECK(out[4 * i] == down);
      CHECK(out[4 * i + 1] == ~down);
      CHECK(out[4 * i + 2] == in[first + 3] * 3);
      CHECK(out[4 * i + 3] == in[first + (r ^ 5)] - 7);
    }
  });
}

TEST_CASE("cg::memcpy_async then cg::wait makes the copy visible to the whole block", "[cooperative_groups]") {
  const unsigned block = 160;
  auto in = random_ints(4 * block, 8);
  under_every_schedule([&] {
    auto out = cg_features::memcpy_async_reverse(in, block);
    for (std::size_t i = 0; i < in.size(); ++i) {
      std::size_t t = i % block, first = i - t;
      REQUIRE(out[i] == in[first + block - 1 - t]);
    }
  });
}

TEST_CASE("a block sum from warp tiles, block.sync and the split barrier", "[cooperative_groups]") {
  for (unsigned block : {32u, 256u, 1024u}) {
    INFO("block " << block);
    auto in = random_ints(3 * block, block);
    under_every_schedule([&] {
      auto out = cg_features::block_sum_by_tiles(in, block);
      for (std::size_t first = 0; first < in.size(); first += block) {
        int sum = 0;
        for (std::size_t k = 0; k < block; ++k) sum += in[first + k];
        for (std::size_t k = 0; k < block; ++k) REQUIRE(out[first + k] == sum);
      }
    });
  }
}

TEST_CASE("tiles wider than a warp: ranks, shfl, any, all, reduce and scans", "[cooperative_groups]") {
  const unsigned block = 256;
  auto in = random_ints(3 * block, 11);
  in[block + 40] = 7;     // one tile of the second block holds a 7 (random_ints may hold others)
  in[2 * block + 5] = -1000;  // and one of the third block fails all(v > -1000)
  under_every_schedule([&] {
    for (unsigned tile : {64u, 128u, 256u}) {
      INFO("tile " << tile);
      auto out = cg_features::multi_warp_tiles(in, tile);
      std::vector<int> expected(out.size());
      for (std::size_t first = 0; first < in.size(); first += tile) {
        int sum = 0, max = in[first];
        bool any7 = false, all_above = true;
        for (std::size_t k = 0; k < tile; ++k) {
          all_above = all_above && in[first + k] > -1000;
          sum += in[first + k];
          max = std::max(max, in[first + k]);
          any7 = any7 || in[first + k] == 7;
        }
        int running = 0;
        for (std::size_t k = 0; k < tile; ++k) {
          int* row = expected.data() + (first + k) * cg_features::kMultiWarpFields;
          const std::size_t in_block = (first + k) % block;
          row[0] = static_cast<int>(k);
          row[1] = static_cast<int>(in_block / tile);
          row[2] = static_cast<int>(block / tile);
          row[3] = static_cast<int>(tile);
          row[4] = in[first + 3];
          row[5] = any7;
          row[6] = all_above;
          row[7] = sum;
          row[9] = running;
          running += in[first + k];
          row[8] = running;
          row[10] = max;
        }
      }
      CHECK(out == expected);
    }
  });
}
