#include "scanlab/core/case_plan.h"

#include <algorithm>
#include <random>
#include <set>

namespace scanlab::core {

std::vector<named_size> edge_sizes(const lab_spec& spec) {
  const std::uint64_t S = spec.check_section();
  const std::uint64_t B = std::max<std::uint64_t>(spec.block_elements(), 1);
  std::vector<named_size> sizes = {
      {0, "empty"},    {1, "one element"}, {2, "two elements"}, {31, "warp - 1"}, {32, "warp"},
      {33, "warp + 1"}, {1023, "1023"},    {1024, "1024"},      {1025, "1025"},   {S - 1, "S-1"},
      {S, "S"},         {S + 1, "S+1"},    {2 * S + 1, "2S+1"},
  };
  if (B != S) {  // one block covers more than a check section (whole-array labs)
    sizes.push_back({B - 1, "block - 1"});
    sizes.push_back({B, "block"});
    sizes.push_back({B + 1, "block + 1"});
    sizes.push_back({2 * B + 1, "2 blocks + 1"});
  }
  return sizes;
}

namespace {

// A uniform draw from [low, high]. std::uniform_int_distribution is not specified exactly (the
// same seed gave n = 550 with libstdc++ and 3946 with libc++), so the draw is written out:
// Lemire's multiply-and-reject, which is what libstdc++ (GCC 11 and later) does for a 64-bit
// engine, so seeds keep the sizes they named before.
std::uint64_t draw_between(std::mt19937_64& rng, std::uint64_t low, std::uint64_t high) {
  const std::uint64_t range = high - low + 1;
  if (range == 0) return rng();  // the whole 64-bit range
  unsigned __int128 product = static_cast<unsigned __int128>(rng()) * range;
  auto low_bits = static_cast<std::uint64_t>(product);
  if (low_bits < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low_bits < threshold) {
      product = static_cast<unsigned __int128>(rng()) * range;
      low_bits = static_cast<std::uint64_t>(product);
    }
  }
  return low + static_cast<std::uint64_t>(product >> 64);
}

// Two sizes of a few units and one of many, drawn in this order from `seed` (std::mt19937_64 is
// specified exactly, and so is draw_between: a seed names the same sizes everywhere).
std::vector<std::uint64_t> random_sizes(std::uint64_t unit, std::uint64_t largest, std::uint64_t seed) {
  std::vector<std::uint64_t> sizes;
  std::mt19937_64 rng(seed);
  const std::uint64_t few = std::min(largest, 4 * unit);
  for (int k = 0; k < 2 && few > 2; ++k) sizes.push_back(draw_between(rng, 2, few));
  const std::uint64_t many = std::min(largest, 64 * unit);
  if (many > few) sizes.push_back(draw_between(rng, few, many));
  return sizes;
}

}  // namespace

case_plan plan_cases(const lab_spec& spec, std::uint64_t largest, std::uint64_t random_seed) {
  const std::uint64_t S = spec.check_section();
  const std::uint64_t B = std::max<std::uint64_t>(spec.block_elements(), 1);
  const std::uint64_t unit = std::max(S, B);
  case_plan plan;
  plan.largest = largest;
  std::set<std::uint64_t> seen;
  for (const named_size& size : edge_sizes(spec))
    if (size.n <= largest && seen.insert(size.n).second) plan.edge.push_back(size);
  plan.random = random_sizes(unit, largest, random_seed);
  if (!spec.is_cpu())
    for (std::uint64_t n : {std::uint64_t(1) << 16, (std::uint64_t(1) << 20) + 1, std::uint64_t(1) << 24,
                            (std::uint64_t(1) << 27) + 5})
      if (n > 2 * unit + 1 && n <= largest) plan.large.push_back(n);
  plan.float_large = std::min(largest, spec.is_cpu() ? (std::uint64_t(1) << 16) + 3 : std::uint64_t(1) << 24);
  plan.float_small = 2 * S + 1;
  plan.schedules = 3 * unit + 17;
  plan.chained = 4 * unit + 5;
  plan.asan = {{33, "warp + 1"}, {2 * unit + 1, S >= B ? "2S+1" : "2B+1"}};
  return plan;
}

}  // namespace scanlab::core
