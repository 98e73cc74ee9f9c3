// The entry points a lab's code provides and a check calls: scan() and the size of the workspace
// it asks for.
#pragma once

#include <cstddef>

namespace scanlab::harness {

using workspace_bytes_fn = std::size_t (*)(unsigned n);
using scan_fn = void (*)(const float* input, float* output, unsigned n, void* workspace);
struct scan_functions {
  workspace_bytes_fn workspace_bytes = nullptr;
  scan_fn scan = nullptr;
};

}  // namespace scanlab::harness
