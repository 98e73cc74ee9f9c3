#include "scanlab/core/inputs.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>

namespace scanlab::core {

namespace {

// SplitMix64's finaliser: a good 64-bit hash, so hash(seed, i) is a counter-based generator.
// Spelled out here (not std::uniform_*_distribution, whose output differs between standard
// libraries) so that a seed names the same data everywhere; datasets/README.md documents it.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint64_t random_bits(std::uint64_t seed, std::uint64_t counter) { return mix(mix(seed) ^ counter); }

struct kind_names {
  data_kind kind;
  const char* short_name;    // the harness's --data
  const char* dataset_name;  // scanlab-dataset --dist
};
constexpr kind_names names[] = {
    {data_kind::small_integers, "integers", "small-integers"},
    {data_kind::uniform_floats, "floats", "uniform"},
    {data_kind::mixed_magnitudes, "mixed-magnitudes", "mixed-magnitudes"},
    {data_kind::alternating_signs, "alternating-signs", "alternating-signs"},
    {data_kind::ones, "ones", "ones"},
};

}  // namespace

const char* data_kind_name(data_kind kind) {
  for (const auto& n : names)
    if (n.kind == kind) return n.short_name;
  return "integers";
}

const char* distribution_name(data_kind kind) {
  for (const auto& n : names)
    if (n.kind == kind) return n.dataset_name;
  return "small-integers";
}

bool parse_data_kind(const char* text, data_kind& out) {
  if (!std::strcmp(text, "ints")) {
    out = data_kind::small_integers;
    return true;
  }
  for (const auto& n : names)
    if (!std::strcmp(text, n.short_name) || !std::strcmp(text, n.dataset_name)) {
      out = n.kind;
      return true;
    }
  return false;
}

std::vector<std::string> data_kind_names() {
  std::vector<std::string> all{"ints"};
  for (const auto& n : names) {
    all.emplace_back(n.short_name);
    if (std::strcmp(n.short_name, n.dataset_name) != 0) all.emplace_back(n.dataset_name);
  }
  return all;
}

std::vector<data_kind> all_data_kinds() {
  std::vector<data_kind> all;
  for (const auto& n : names) all.push_back(n.kind);
  return all;
}

bool integer_valued(data_kind kind) {
  return kind == data_kind::small_integers || kind == data_kind::alternating_signs || kind == data_kind::ones;
}

float input_element(std::uint64_t seed, std::uint64_t i, data_kind kind) {
  switch (kind) {
    case data_kind::small_integers:
      return static_cast<float>(static_cast<int>(random_bits(seed, i) % 17) - 8);
    case data_kind::uniform_floats: {
      // 24 random bits -> [0, 1) exactly, then [-1, 1).
      const float unit = static_cast<float>(random_bits(seed, i) >> 40) * (1.0f / 16777216.0f);
      return 2.0f * unit - 1.0f;
    }
    case data_kind::mixed_magnitudes: {
      // Built from bits with ldexp (exact), not pow/exp (whose last bit varies between libms).
      // Every value is a multiple of 2^-33 below 2^10, so fp64 partial sums stay exact up to 2^20
      // and float sums cannot overflow at any n.
      const std::uint64_t r = random_bits(seed, i);
      const float mantissa = 1.0f + static_cast<float>(r & 0x7fffffu) * (1.0f / 8388608.0f);
      const int exponent = static_cast<int>((r >> 23) % 20) - 10;
      const float magnitude = std::ldexp(mantissa, exponent);
      return (r >> 63) != 0 ? -magnitude : magnitude;
    }
    case data_kind::alternating_signs: {
      // Pairs (+a, -a): the inclusive scan returns to the section's start value after every
      // pair, so an off-by-one in the scan shows at once.
      const float a = static_cast<float>(1 + random_bits(seed, i / 2) % 8);
      return i % 2 == 0 ? a : -a;
    }
    case data_kind::ones:
      return 1.0f;
  }
  return 0.0f;
}

void fill_input(float* out, std::size_t n, std::uint64_t seed, data_kind kind) {
  auto fill = [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) out[i] = input_element(seed, i, kind);
  };
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  if (n < (std::size_t(1) << 22) || hw == 1) {
    fill(0, n);
    return;
  }
  const unsigned workers = std::min(hw, 16u);
  std::vector<std::thread> threads;
  const std::size_t chunk = (n + workers - 1) / workers;
  for (unsigned w = 0; w < workers; ++w) {
    const std::size_t begin = std::min(n, w * chunk), end = std::min(n, begin + chunk);
    threads.emplace_back(fill, begin, end);
  }
  for (auto& t : threads) t.join();
}

std::vector<float> make_input(std::size_t n, std::uint64_t seed, data_kind kind) {
  std::vector<float> v(n);
  fill_input(v.data(), n, seed, kind);
  return v;
}

}  // namespace scanlab::core
