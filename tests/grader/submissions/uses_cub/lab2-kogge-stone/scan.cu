// Calls CUB's device-wide scan instead of writing a kernel: scores zero.
#include <cstddef>
#include <cub/cub.cuh>

#include "lab.h"

std::size_t scan_workspace_bytes(unsigned n) {
    std::size_t bytes = 0;
    cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), n);
    return bytes;
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    std::size_t bytes = scan_workspace_bytes(n);
    cub::DeviceScan::InclusiveSum(workspace, bytes, input, output, n);
}
