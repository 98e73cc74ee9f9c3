#include "edge_sizes.h"

#include <algorithm>

namespace scanlab::harness {

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

}  // namespace scanlab::harness
