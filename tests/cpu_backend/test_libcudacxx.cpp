// libcu++ in kernels (CCCL's own headers; on the CPU backend in their host-only mode) against CPU
// references, under several thread and block orders where the backend chooses them.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "libcudacxx_kernels.h"
#include "scanlab/backend.h"
#include "scanlab_catch.hpp"

namespace {
using scanlab::backend::order;

template <class Check>
void under_every_schedule(Check&& check) {
  const struct {
    order threads, blocks;
    std::uint64_t seed;
  } schedules[] = {{order::forward, order::forward, 1}, {order::reverse, order::reverse, 1}, {order::random, order::random, 29}};
  for (const auto& s : schedules) {
    INFO("threads " << scanlab::backend::order_name(s.threads) << ", blocks " << scanlab::backend::order_name(s.blocks));
    scanlab::backend::set_schedule(s.threads, s.blocks, s.seed);
    check();
  }
  scanlab::backend::set_schedule(order::forward, order::forward, 1);
}
}  // namespace

TEST_CASE("cuda::atomic_ref counts and sums from every thread, in every scope", "[libcudacxx]") {
  std::mt19937 rng(41);
  std::vector<int> in(5000);  // not a multiple of the block: cuda::ceil_div sizes the grid
  for (int& x : in) x = static_cast<int>(rng() % 2001) - 1000;
  const int threshold = 250;
  unsigned above = 0;
  unsigned long long sum = 0;
  for (int x : in)
    if (x > threshold) ++above, sum += static_cast<unsigned long long>(x);
  under_every_schedule([&] {
    auto got = libcudacxx_features::count_above(in, threshold, 256);
    CHECK(got.above == above);
    CHECK(got.sum == sum);
    CHECK(got.blocks_done == (in.size() + 255) / 256);
  });
}

TEST_CASE("cuda::ceil_div, round_up and cuda::std bit, limits, array and span in a kernel", "[libcudacxx]") {
  std::mt19937 rng(43);
  std::vector<unsigned> n(256), d(256);
  for (unsigned i = 0; i < n.size(); ++i) {
    n[i] = rng() % 100000;
    d[i] = 1 + rng() % 300;
  }
  auto out = libcudacxx_features::integer_helpers(n, d);
  for (unsigned i = 0; i < n.size(); ++i) {
    INFO("n = " << n[i] << ", d = " << d[i]);
    const std::int64_t* row = out.data() + i * libcudacxx_features::kIntFields;
    std::int64_t a = n[i], b = d[i];
    CHECK(row[0] == (a + b - 1) / b);
    CHECK(row[1] == (a + b - 1) / b * b);
    CHECK(row[2] == a / b * b);
    CHECK(row[3] == std::popcount(n[i]));
    CHECK(row[4] == std::bit_width(n[i]));
    CHECK(row[5] == std::countr_zero(n[i] | 1u << 31));
    CHECK(row[6] == std::min(a, b));
    CHECK(row[7] == std::numeric_limits<int>::max() - a);
    CHECK(row[8] == a + b + 1);
    CHECK(row[9] == a + 1 + 3);
  }
}

TEST_CASE("cuda::std::numeric_limits<float>::infinity(), complex and cmath in a kernel", "[libcudacxx]") {
  std::mt19937 rng(47);
  std::vector<float> x(64);
  for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 8.0f;
  auto out = libcudacxx_features::float_helpers(x);
  for (unsigned i = 0; i < x.size(); ++i) {
    INFO("x = " << x[i]);
    const float* row = out.data() + i * libcudacxx_features::kFloatFields;
    CHECK(std::isinf(row[0]));
    CHECK(row[0] > 0);
    CHECK(row[1] == x[i]);
    CHECK(row[2] == 1.0f);
    CHECK(row[3] == x[i] * x[i] + 1.0f);  // exact: x has 3 fractional bits and |x| <= 125
    CHECK(row[4] == std::fabs(x[i]));
    CHECK(row[5] == x[i] + 1.0f);
  }
}

TEST_CASE("cuda::barrier ring of bulk copies: a producer warp and consumer warps hand over tiles",
          "[libcudacxx]") {
  std::mt19937 rng(47);
  std::vector<int> in(9 * libcudacxx_features::kRingTile);
  for (int& x : in) x = static_cast<int>(rng() % 201) - 100;
  std::vector<int> expected(9, 0);
  for (std::size_t i = 0; i < in.size(); ++i) expected[i / libcudacxx_features::kRingTile] += in[i];
  for (bool arrive_first : {false, true}) {
    INFO((arrive_first ? "barrier_arrive_tx before the copy" : "the copy before barrier_arrive_tx"));
    under_every_schedule([&] {
      const auto got = libcudacxx_features::ring_tile_sums(in, arrive_first);
      if (got.empty()) {
        WARN("no bulk copies on this GPU (compute capability below 9.0): not run");
        return;
      }
      CHECK(got == expected);
    });
  }
}
