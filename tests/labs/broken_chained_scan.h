// See broken_chained_scan.cu.
#pragma once

#include <cstddef>

namespace blockidx_chain {
std::size_t scan_workspace_bytes(unsigned n);
void scan(const float* input, float* output, unsigned n, void* workspace);
}  // namespace blockidx_chain
