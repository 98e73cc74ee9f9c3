// Kernels using cooperative groups the way course code does: this_thread_block, tiled_partition
// (static and dynamic), coalesced_threads, tile shuffles and votes, cg::reduce, cg::inclusive_scan
// and cg::exclusive_scan, cg::memcpy_async. Valid CUDA: nvcc builds this file unchanged for the
// GPU run of the same tests.
#include "cg_kernels.h"
#include "cuda_check.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

namespace cg_features {

namespace {

template <class T>
T* to_device(const std::vector<T>& host) {
  T* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, host.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
T* device_buffer(std::size_t n) {
  T* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(T)));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(T)));
  return d;
}

template <class T>
std::vector<T> to_host(T* d, std::size_t n) {
  std::vector<T> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d));
  return host;
}

void finish_launch() {
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

template <unsigned Tile, class Op>
__global__ void reduce_in_tiles(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Tile> tile = cg::tiled_partition<Tile>(block);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cg::reduce(tile, in[i], Op());
}

template <unsigned Tile, class Op>
__global__ void scan_in_tiles(const int* in, int* out) {
  auto tile = cg::tiled_partition<Tile>(cg::this_thread_block());
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = cg::inclusive_scan(tile, in[i], Op());
  out[2 * i + 1] = cg::exclusive_scan(tile, in[i], Op());
}

template <unsigned Tile, class Op>
void run_reduce(const int* in, int* out, unsigned grid, unsigned block) {
  reduce_in_tiles<Tile, Op><<<grid, block>>>(in, out);
  finish_launch();
}

template <class Op>
void reduce_with_tile(const int* in, int* out, unsigned grid, unsigned block, unsigned tile) {
  switch (tile) {
    case 1: run_reduce<1, Op>(in, out, grid, block); break;
    case 2: run_reduce<2, Op>(in, out, grid, block); break;
    case 4: run_reduce<4, Op>(in, out, grid, block); break;
    case 8: run_reduce<8, Op>(in, out, grid, block); break;
    case 16: run_reduce<16, Op>(in, out, grid, block); break;
    case 32: run_reduce<32, Op>(in, out, grid, block); break;
    default: std::fprintf(stderr, "tile size %u\n", tile); std::abort();
  }
}

template <class Op>
std::vector<int> scan_with_tile(const std::vector<int>& in, unsigned block, unsigned tile) {
  int* d_in = to_device(in);
  int* d_out = device_buffer<int>(2 * in.size());
  unsigned grid = static_cast<unsigned>(in.size()) / block;
  switch (tile) {
    case 1: scan_in_tiles<1, Op><<<grid, block>>>(d_in, d_out); break;
    case 2: scan_in_tiles<2, Op><<<grid, block>>>(d_in, d_out); break;
    case 4: scan_in_tiles<4, Op><<<grid, block>>>(d_in, d_out); break;
    case 8: scan_in_tiles<8, Op><<<grid, block>>>(d_in, d_out); break;
    case 16: scan_in_tiles<16, Op><<<grid, block>>>(d_in, d_out); break;
    case 32: scan_in_tiles<32, Op><<<grid, block>>>(d_in, d_out); break;
    default: std::fprintf(stderr, "tile size %u\n", tile); std::abort();
  }
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, 2 * in.size());
}

// One row of kInfoFields values per thread.
__global__ void read_group_info(const std::uint32_t* in, std::uint32_t* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
  cg::thread_block_tile<4> four_of_eight = cg::tiled_partition<4>(eight);
  cg::thread_group dynamic_four = cg::tiled_partition(block, 4);
  unsigned g = static_cast<unsigned>(grid.thread_rank());
  std::uint32_t v = in[g];
  std::uint32_t* row = out + g * kInfoFields;

  row[0] = block.thread_rank();
  row[1] = block.size();
  row[2] = block.group_index().x;
  row[3] = block.dim_threads().x;
  row[4] = warp.meta_group_rank();
  row[5] = warp.meta_group_size();
  row[6] = eight.thread_rank();
  row[14] = four_of_eight.meta_group_rank() * 100 + four_of_eight.meta_group_size() * 10 + four_of_eight.thread_rank();
  row[15] = static_cast<std::uint32_t>(dynamic_four.thread_rank() * 10 + dynamic_four.size());
  row[17] = static_cast<std::uint32_t>(grid.block_rank());
  row[18] = static_cast<std::uint32_t>(grid.size());

  // Whole-warp collectives, then (after a block barrier) 8-wide ones, then 4-wide: the phases are
  // kept apart because scanlab's CPU backend rejects a warp's lanes waiting in collectives of
  // overlapping, different masks at the same time, which a GPU allows.
  row[10] = warp.shfl(v, 7);
  row[11] = warp.shfl_up(v, 3);
  row[12] = warp.shfl_down(v, 2);
  cg::coalesced_group active = cg::coalesced_threads();
  row[16] = active.thread_rank() * 100 + active.size();
  row[19] = cg::reduce(active, v, cg::plus<std::uint32_t>());
  cg::coalesced_group same_parity = cg::binary_partition(warp, v & 1u);
  row[21] = same_parity.num_threads() * 100 + same_parity.thread_rank();
  cg::coalesced_group same_remainder = cg::labeled_partition(warp, v % 3);
  row[22] = same_remainder.num_threads() * 100 + same_remainder.thread_rank();
  cg::sync(block);

  row[7] = eight.ballot(v & 1u);
  row[8] = eight.any(v % 5 == 0);
  row[9] = eight.all(v % 2 == 0);
  row[13] = eight.shfl_xor(v, 5);
  row[20] = eight.match_any(v % 3);
  block.sync();

  dynamic_four.sync();
}

struct quad {
  std::int32_t a, b, c, d;
};

__global__ void shuffle_quads(const std::int32_t* in, std::int32_t* out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  quad mine{in[i], in[i] * 3, in[i] - 7, ~in[i]};
  quad down = tile.shfl_down(mine, 1);
  quad from_three = tile.shfl(mine, 3);
  quad mixed = tile.shfl_xor(mine, 5);
  out[4 * i] = down.a;
  out[4 * i + 1] = down.d;
  out[4 * i + 2] = from_three.b;
  out[4 * i + 3] = mixed.c;
}

__global__ void copy_reversed(const int* in, int* out) {
  __shared__ int staged[256];
  cg::thread_block block = cg::this_thread_block();
  const int* slice = in + blockIdx.x * blockDim.x;
  cg::memcpy_async(block, staged, slice, sizeof(int) * blockDim.x);
  cg::wait(block);
  out[blockIdx.x * blockDim.x + threadIdx.x] = staged[blockDim.x - 1 - threadIdx.x];
}

__global__ void sum_by_tiles(const int* in, int* out) {
  __shared__ int warp_sums[32];
  __shared__ int total;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int sum = cg::reduce(warp, in[blockIdx.x * blockDim.x + threadIdx.x], cg::plus<int>());
  if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = sum;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    int partial = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0;
    partial = cg::reduce(warp, partial, cg::plus<int>());
    if (warp.thread_rank() == 0) total = partial;
  }
  auto token = block.barrier_arrive();
  block.barrier_wait(std::move(token));
  out[blockIdx.x * blockDim.x + threadIdx.x] = total;
}

}  // namespace

std::vector<int> tile_reduce(const std::vector<int>& in, unsigned block, unsigned tile, reduce_op op) {
  int* d_in = to_device(in);
  int* d_out = device_buffer<int>(in.size());
  unsigned grid = static_cast<unsigned>(in.size()) / block;
  switch (op) {
    case reduce_op::plus: reduce_with_tile<cg::plus<int>>(d_in, d_out, grid, block, tile); break;
    case reduce_op::less: reduce_with_tile<cg::less<int>>(d_in, d_out, grid, block, tile); break;
    case reduce_op::greater: reduce_with_tile<cg::greater<int>>(d_in, d_out, grid, block, tile); break;
    case reduce_op::bit_and: reduce_with_tile<cg::bit_and<int>>(d_in, d_out, grid, block, tile); break;
    case reduce_op::bit_or: reduce_with_tile<cg::bit_or<int>>(d_in, d_out, grid, block, tile); break;
    case reduce_op::bit_xor: reduce_with_tile<cg::bit_xor<int>>(d_in, d_out, grid, block, tile); break;
  }
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

std::vector<int> tile_scan(const std::vector<int>& in, unsigned block, unsigned tile) {
  return scan_with_tile<cg::plus<int>>(in, block, tile);
}

std::vector<int> tile_max_scan(const std::vector<int>& in, unsigned block, unsigned tile) {
  return scan_with_tile<cg::greater<int>>(in, block, tile);
}

std::vector<std::uint32_t> group_info(const std::vector<std::uint32_t>& in, unsigned grid, unsigned block) {
  std::uint32_t* d_in = to_device(in);
  std::uint32_t* d_out = device_buffer<std::uint32_t>(in.size() * kInfoFields);
  read_group_info<<<grid, block>>>(d_in, d_out);
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size() * kInfoFields);
}

std::vector<std::int32_t> wide_shuffles(const std::vector<std::int32_t>& in, unsigned block) {
  std::int32_t* d_in = to_device(in);
  std::int32_t* d_out = device_buffer<std::int32_t>(4 * in.size());
  shuffle_quads<<<static_cast<unsigned>(in.size()) / block, block>>>(d_in, d_out);
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, 4 * in.size());
}

std::vector<int> memcpy_async_reverse(const std::vector<int>& in, unsigned block) {
  int* d_in = to_device(in);
  int* d_out = device_buffer<int>(in.size());
  copy_reversed<<<static_cast<unsigned>(in.size()) / block, block>>>(d_in, d_out);
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

std::vector<int> block_sum_by_tiles(const std::vector<int>& in, unsigned block) {
  int* d_in = to_device(in);
  int* d_out = device_buffer<int>(in.size());
  sum_by_tiles<<<static_cast<unsigned>(in.size()) / block, block>>>(d_in, d_out);
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

namespace {

template <unsigned Tile>
__global__ void read_multi_warp_tiles(const int* in, int* out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<Tile> tile = cg::tiled_partition<Tile>(block);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int* row = out + i * kMultiWarpFields;
  row[0] = static_cast<int>(tile.thread_rank());
  row[1] = static_cast<int>(tile.meta_group_rank());
  row[2] = static_cast<int>(tile.meta_group_size());
  row[3] = static_cast<int>(tile.num_threads());
  row[4] = tile.shfl(v, 3);
  row[5] = tile.any(v == 7);
  row[6] = tile.all(v > -1000);
  row[7] = cg::reduce(tile, v, cg::plus<int>());
  row[8] = cg::inclusive_scan(tile, v, cg::plus<int>());
  row[9] = cg::exclusive_scan(tile, v, cg::plus<int>());
  tile.sync();
  row[10] = cg::reduce(tile, v, cg::greater<int>());
}

}  // namespace

std::vector<int> multi_warp_tiles(const std::vector<int>& in, unsigned tile) {
  const unsigned block = 256;
  int* d_in = to_device(in);
  int* d_out = device_buffer<int>(kMultiWarpFields * in.size());
  unsigned grid = static_cast<unsigned>(in.size()) / block;
  switch (tile) {
    case 64: read_multi_warp_tiles<64><<<grid, block>>>(d_in, d_out); break;
    case 128: read_multi_warp_tiles<128><<<grid, block>>>(d_in, d_out); break;
    case 256: read_multi_warp_tiles<256><<<grid, block>>>(d_in, d_out); break;
    default: std::fprintf(stderr, "tile size %u\n", tile); std::abort();
  }
  finish_launch();
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, kMultiWarpFields * in.size());
}

}  // namespace cg_features
