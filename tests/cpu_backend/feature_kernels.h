// Host entry points of feature_kernels.cu: each runs one CUDA feature on whichever backend the
// test was built for and returns what the device computed, so the same test checks both.
#pragma once

#include <cstdint>
#include <vector>

#include <cuda_runtime.h>

namespace features {

struct launch_result {
  cudaError_t launch = cudaSuccess;  // cudaGetLastError right after the launch
  cudaError_t sync = cudaSuccess;    // cudaDeviceSynchronize afterwards
};

// out[i] = linear global thread id for a 3-D grid of 3-D blocks.
std::vector<std::uint32_t> thread_indices(dim3 grid, dim3 block);
// Per-block sums of `in` through a static __shared__ tree reduction.
std::vector<int> block_sums(const std::vector<int>& in, unsigned block);
// Each block reverses its slice of `in` through extern __shared__ memory.
std::vector<float> reverse_blocks(const std::vector<float>& in, unsigned block);
// Per block: {__syncthreads_count, __syncthreads_and, __syncthreads_or} of (threadIdx.x % k == 0).
std::vector<int> barrier_reductions(unsigned block, unsigned k);
// Per thread, 8 values: shfl idx, up, down, xor, width-16 shfl, ballot, any, all.
std::vector<std::uint32_t> warp_results(unsigned block);
// <cuda_pipeline.h>: per block of `block` (<= 128) threads, thread t's float4 is copied into shared
// memory by __pipeline_memcpy_async (the last thread's with 8 bytes zero-filled), and after the wait
// and a barrier each thread writes out its neighbour's (t + 1) float4.
std::vector<float> async_copy_rotate(const std::vector<float>& in, unsigned block);
// Warp-shuffle inclusive scan of each warp's slice (the pattern fast scans use).
std::vector<float> warp_inclusive_scan(const std::vector<float>& in);
// Atomics on int, unsigned, unsigned long long and float from many threads.
struct atomic_totals {
  int add_int, sub_int, max_int, min_int;
  unsigned add_unsigned, cas_count;
  unsigned long long add_ull;
  float add_float;
  int exch_seen;
};
atomic_totals atomics(unsigned blocks, unsigned threads);
// A __device__ counter set with cudaMemcpyToSymbol, bumped by a kernel, read back.
unsigned device_symbol_roundtrip(unsigned start, unsigned blocks);
// Dynamic block tickets from atomicAdd on a __device__ counter: returns the ticket of each block.
std::vector<unsigned> block_tickets(unsigned blocks);
// Launch with a given configuration (kernel does nothing harmful) and report the errors.
launch_result launch_with(dim3 grid, dim3 block, std::size_t dynamic_shared);
// Elapsed time between two events around a kernel (>= 0 on both backends).
float event_elapsed_ms();

}  // namespace features
