// The guard zones of a grading run: six random patterns of core::guard_bytes each, one before and
// one after each of the output, the input and the workspace. The runner copies them around the
// buffers it allocates (runner_main.cpp); the judge reads them back and says where one was
// damaged. Random per lab seed, so that no submission can write the pattern back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scanlab/core/guards.h"

namespace scanlab::grader {

class guard_zones {
 public:
  static constexpr int zones = 6;  // 0/1 before/after the output, 2/3 the input, 4/5 the workspace
  static constexpr std::size_t zone_bytes = core::guard_bytes;

  explicit guard_zones(std::uint64_t seed);
  // All six patterns, zone after zone: the runner's --guard file.
  const std::vector<unsigned char>& bytes() const { return bytes_; }

  // `g`: zone `z` as a run left it.
  bool intact(const unsigned char* g, int z) const;
  // The first byte of a zone that differs from its pattern (zone_bytes when none).
  std::size_t first_damage(const unsigned char* g, int z) const;
  // The last damaged byte (closest to the buffer's first element, for a zone in front of it).
  std::size_t last_damage(const unsigned char* g, int z) const;
  // The element a damaged byte belongs to, as the student would index the buffer: negative before
  // it, n and up past its end. `before`: the zone in front of the buffer.
  static long long element_of(std::size_t byte, bool before, std::uint64_t n);

 private:
  const unsigned char* pattern(int z) const { return bytes_.data() + z * zone_bytes; }
  std::vector<unsigned char> bytes_;
};

}  // namespace scanlab::grader
