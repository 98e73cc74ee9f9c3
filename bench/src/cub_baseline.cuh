// CUB's DeviceScan::InclusiveSum as a benchmark implementation, compiled against whichever CUB the
// including file sees: gpu_baselines.cu (the chosen CCCL) and gpu_cub_toolkit.cu (the toolkit's)
// each get their own copy, in an unnamed namespace.
#pragma once

#include <cub/device/device_scan.cuh>
#include <cub/version.cuh>

#include <string>

namespace scanlab::bench {
namespace {

std::size_t cub_workspace(unsigned n) {
  std::size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr),
                                static_cast<int>(n));
  return bytes;
}

void cub_scan(const float* in, float* out, unsigned n, void* workspace) {
  std::size_t bytes = cub_workspace(n);
  cub::DeviceScan::InclusiveSum(workspace, bytes, in, out, static_cast<int>(n));
}

std::string cub_version_text() {
  return std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." +
         std::to_string(CUB_SUBMINOR_VERSION);
}

}  // namespace
}  // namespace scanlab::bench
