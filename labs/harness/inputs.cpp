#include "inputs.h"

#include <algorithm>
#include <cstring>
#include <thread>

namespace scanlab::harness {

namespace {

// SplitMix64's finaliser: a good 64-bit hash, so hash(seed, i) is a counter-based generator.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

const char* data_kind_name(data_kind kind) {
  return kind == data_kind::small_integers ? "integers" : "floats";
}

bool parse_data_kind(const char* text, data_kind& out) {
  if (!std::strcmp(text, "integers") || !std::strcmp(text, "ints")) out = data_kind::small_integers;
  else if (!std::strcmp(text, "floats")) out = data_kind::uniform_floats;
  else return false;
  return true;
}

float input_element(std::uint64_t seed, std::uint64_t i, data_kind kind) {
  const std::uint64_t r = mix(mix(seed) ^ i);
  if (kind == data_kind::small_integers) return static_cast<float>(static_cast<int>(r % 17) - 8);
  // 24 random bits -> [0, 1) exactly, then [-1, 1).
  const float unit = static_cast<float>(r >> 40) * (1.0f / 16777216.0f);
  return 2.0f * unit - 1.0f;
}

std::vector<float> make_input(std::size_t n, std::uint64_t seed, data_kind kind) {
  std::vector<float> v(n);
  auto fill = [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) v[i] = input_element(seed, i, kind);
  };
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  if (n < (std::size_t(1) << 22) || hw == 1) {
    fill(0, n);
    return v;
  }
  const unsigned workers = std::min(hw, 16u);
  std::vector<std::thread> threads;
  const std::size_t chunk = (n + workers - 1) / workers;
  for (unsigned w = 0; w < workers; ++w) {
    const std::size_t begin = std::min(n, w * chunk), end = std::min(n, begin + chunk);
    threads.emplace_back(fill, begin, end);
  }
  for (auto& t : threads) t.join();
  return v;
}

}  // namespace scanlab::harness
