#include "run/guard_zones.h"

#include <cstring>
#include <random>

namespace scanlab::grader {

guard_zones::guard_zones(std::uint64_t seed) : bytes_(zones * zone_bytes) {
  std::mt19937_64 rng(seed);
  for (auto& b : bytes_) {
    b = static_cast<unsigned char>(rng());
    if (b == 0 || b == core::workspace_fill_byte) b = 0x5a;  // never what a zeroed or dirty buffer holds
  }
}

bool guard_zones::intact(const unsigned char* g, int z) const { return std::memcmp(g, pattern(z), zone_bytes) == 0; }

std::size_t guard_zones::first_damage(const unsigned char* g, int z) const {
  std::size_t k = 0;
  while (k < zone_bytes && g[k] == pattern(z)[k]) ++k;
  return k;
}

std::size_t guard_zones::last_damage(const unsigned char* g, int z) const {
  std::size_t k = zone_bytes;
  while (k > 0 && g[k - 1] == pattern(z)[k - 1]) --k;
  return k == 0 ? zone_bytes : k - 1;
}

long long guard_zones::element_of(std::size_t byte, bool before, std::uint64_t n) {
  return before ? -static_cast<long long>((zone_bytes - byte + 3) / 4) : static_cast<long long>(n + byte / 4);
}

}  // namespace scanlab::grader
