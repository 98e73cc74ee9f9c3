// Host entry point of access_kernels.cu: runs one of its kernels on `in` and returns the output.
#pragma once

#include <vector>

namespace access_probe {

enum class kernel {
  flag_flipped_early,
  flag_flipped_safely,
  mirrored_tail,
  neighbour_in_global,
  quiet_patterns,
  same_value_and_cas
};
std::vector<float> run(kernel k, const std::vector<float>& in);

}  // namespace access_probe
