// The sizes every lab is checked on: empty, tiny, around a warp, around 1024, around the lab's
// section and block. The harness's suite adds random and large sizes; the dataset generator's
// standard set (scanlab-dataset --all) uses exactly these.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lab_spec.h"

namespace scanlab::harness {

struct named_size {
  std::uint64_t n = 0;
  std::string why;  // "S+1", "warp - 1", ...
};

// In the harness's order; a size may repeat under another name (1024 and S for lab 2).
std::vector<named_size> edge_sizes(const lab_spec& spec);

}  // namespace scanlab::harness
