// One 64-bit seed from two (a launch's seed and a block's index, say): a splitmix64 finaliser over
// a boost-style combine, so that nearby inputs give unrelated schedules.
#pragma once

#include <cstdint>

namespace scanlab::cpu {

inline std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a ^ (b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  return z ^ (z >> 31);
}

}  // namespace scanlab::cpu
