// Race-free kernels give the same bits under every thread and block order: the schedule choice
// changes interleavings, never results. (Warp collectives included: nothing assumes lock-step.)
#include <random>

#include "feature_kernels.h"
#include "scanlab/backend.h"
#include "scanlab/schedule_differential.h"
#include "scanlab_catch.hpp"

namespace {
std::vector<float> small_integers(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(static_cast<int>(rng() % 9) - 4);
  return v;
}
}  // namespace

TEST_CASE("a warp-shuffle scan is identical under all schedules", "[schedules]") {
  auto in = small_integers(8 * 256, 3);
  for (std::uint64_t seed : {1u, 2u, 99u}) {
    auto difference = scanlab::compare_schedules([&] { return features::warp_inclusive_scan(in); }, seed);
    CHECK_FALSE(difference.has_value());
  }
}

TEST_CASE("a shared-memory reduction is identical under all schedules", "[schedules]") {
  std::mt19937 rng(5);
  std::vector<int> in(16 * 512);
  for (int& v : in) v = static_cast<int>(rng() % 100);
  auto as_floats = [&] {
    auto sums = features::block_sums(in, 512);
    return std::vector<float>(sums.begin(), sums.end());
  };
  CHECK_FALSE(scanlab::compare_schedules(as_floats, 7).has_value());
}

TEST_CASE("random orders differ between seeds but each is reproducible", "[schedules]") {
  // Tickets record the order in which blocks started: a direct view of the block schedule.
  auto tickets_with = [](scanlab::backend::order blocks, std::uint64_t seed) {
    scanlab::backend::set_schedule(scanlab::backend::order::forward, blocks, seed);
    return features::block_tickets(64);
  };
  using scanlab::backend::order;
  auto forward = tickets_with(order::forward, 1);
  auto reverse = tickets_with(order::reverse, 1);
  auto random_a = tickets_with(order::random, 11);
  auto random_a_again = tickets_with(order::random, 11);
  auto random_b = tickets_with(order::random, 12);
  scanlab::backend::set_schedule(order::forward, order::forward, 1);
  for (unsigned b = 0; b < 64; ++b) {
    CHECK(forward[b] == b);
    CHECK(reverse[b] == 63 - b);
  }
  CHECK(random_a == random_a_again);
  CHECK(random_a != random_b);
  CHECK(random_a != forward);
}

TEST_CASE("a difference that only the blocks' order makes is attributed to the blocks", "[schedules]") {
  // Each block's ticket is the order it started in: the threads' order cannot change it.
  auto tickets = [] {
    const auto t = features::block_tickets(64);
    return std::vector<float>(t.begin(), t.end());
  };
  const auto d = scanlab::compare_schedules(tickets, 3);
  REQUIRE(d.has_value());
  CHECK(d->blocks);
  CHECK(d->second_threads == scanlab::backend::order::forward);
  CHECK(d->second_blocks == scanlab::backend::order::reverse);
  CHECK(d->first_value != d->second_value);
  CHECK_THAT(d->second_schedule, scanlab_test::contains_text("blocks reverse, threads forward"));
}
