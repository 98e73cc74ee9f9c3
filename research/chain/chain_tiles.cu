// How the taught single-pass scan (lab 8's chained blocks) depends on its tile: the reference
// solution compiled with the tile that -DCHAIN_BLOCK and -DCHAIN_COARSE give (lab.h here), timed
// at several n. If the chain's hand-offs are the cost, time = tiles x hand-off latency, and the
// hand-off latency (time / tiles) stays the same whatever the tile. See research/chain/README.md.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "../../solutions/lab8-single-pass/scan.cu"

int main() {
  const unsigned sizes[] = {1u << 20, 1u << 22, 1u << 24, 1u << 26, 1u << 28};
  float *in = nullptr, *out = nullptr;
  void* workspace = nullptr;
  cudaMalloc(&in, sizeof(float) * (1u << 28));
  cudaMalloc(&out, sizeof(float) * (1u << 28));
  cudaMalloc(&workspace, scan_workspace_bytes(1u << 28));
  cudaMemset(in, 0, sizeof(float) * (1u << 28));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (unsigned n : sizes) {
    const unsigned tiles = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    scan(in, out, n, workspace);  // warm-up
    std::vector<float> ms;
    for (int r = 0; r < 5; ++r) {
      cudaEventRecord(start);
      scan(in, out, n, workspace);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float t = 0;
      cudaEventElapsedTime(&t, start, stop);
      ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double us = ms[ms.size() / 2] * 1e3;
    std::printf("tile %5u (%4u threads x %2u)  n = 2^%-2d  %10.1f us  %6u tiles  %.3f us per tile  %s\n",
                SECTION_SIZE, BLOCK_SIZE, COARSE_FACTOR, __builtin_ctz(n), us, tiles, us / tiles,
                cudaGetErrorString(cudaGetLastError()));
  }
  return 0;
}
