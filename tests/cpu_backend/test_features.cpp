// The CUDA features the labs rely on, checked against values computed here on the host. The same
// file runs on the GPU and on the CPU backend: agreement is the backend-parity evidence.
#include <algorithm>
#include <numeric>
#include <random>

#include "feature_kernels.h"
#include "scanlab_catch.hpp"

using namespace features;

TEST_CASE("index variables cover 3-D grids and blocks exactly once", "[features]") {
  for (auto [grid, block] : {std::pair{dim3(3, 2, 2), dim3(8, 4, 2)}, std::pair{dim3(5), dim3(96)},
                             std::pair{dim3(1, 1, 3), dim3(1, 7, 1)}}) {
    auto out = thread_indices(grid, block);
    for (std::size_t i = 0; i < out.size(); ++i) REQUIRE(out[i] == i);
  }
}

TEST_CASE("static shared memory with barriers reduces each block", "[features]") {
  std::mt19937 rng(7);
  std::vector<int> in(64 * 256);
  for (int& v : in) v = static_cast<int>(rng() % 1000) - 500;
  auto sums = block_sums(in, 256);
  for (std::size_t b = 0; b < sums.size(); ++b)
    REQUIRE(sums[b] == std::accumulate(in.begin() + b * 256, in.begin() + (b + 1) * 256, 0));
}

TEST_CASE("dynamic shared memory holds a block's slice", "[features]") {
  std::vector<float> in(8 * 128);
  std::iota(in.begin(), in.end(), 1.0f);
  auto out = reverse_blocks(in, 128);
  for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(out[i] == in[(i / 128) * 128 + 127 - i % 128]);
}

TEST_CASE("asynchronous copies into shared memory land by the wait, zero-fill included", "[features]") {
  const unsigned block = 128;
  std::vector<float> in(3 * block * 4);
  std::iota(in.begin(), in.end(), 1.0f);
  auto out = async_copy_rotate(in, block);
  for (std::size_t b = 0; b < 3; ++b)
    for (std::size_t t = 0; t < block; ++t) {
      const std::size_t src = (t + 1) % block;  // the neighbour whose chunk thread t wrote out
      for (std::size_t c = 0; c < 4; ++c) {
        const float expected = src == block - 1 && c >= 2 ? 0.0f : in[(b * block + src) * 4 + c];
        REQUIRE(out[(b * block + t) * 4 + c] == expected);
      }
    }
}

TEST_CASE("__syncthreads_count, _and and _or reduce a predicate", "[features]") {
  auto r = barrier_reductions(256, 3);
  CHECK(r[0] == 86);  // multiples of 3 below 256
  CHECK(r[1] == 0);
  CHECK(r[2] == 1);
  auto all = barrier_reductions(64, 1);
  CHECK(all[0] == 64);
  CHECK(all[1] == 1);
}

TEST_CASE("warp shuffles, ballot, any and all", "[features]") {
  const unsigned block = 96;
  auto r = warp_results(block);
  for (unsigned t = 0; t < block; ++t) {
    unsigned lane = t % 32, base = t - lane;
    auto v = [&](unsigned l) { return (base + l) * 7 + 3; };
    INFO("thread " << t);
    REQUIRE(r[8 * t + 0] == v((lane + 5) % 32));
    REQUIRE(r[8 * t + 1] == (lane >= 3 ? v(lane - 3) : v(lane)));
    REQUIRE(r[8 * t + 2] == (lane + 4 < 32 ? v(lane + 4) : v(lane)));
    REQUIRE(r[8 * t + 3] == v(lane ^ 9));
    REQUIRE(r[8 * t + 4] == v((lane & 16) + 2));
    unsigned ballot = 0;
    for (unsigned l = 0; l < 32; ++l)
      if ((base + l) % 3 == 0) ballot |= 1u << l;
    REQUIRE(r[8 * t + 5] == ballot);
    REQUIRE(r[8 * t + 6] == (base == 32 ? 1u : 0u));
    REQUIRE(r[8 * t + 7] == 1u);
  }
}

TEST_CASE("a warp-shuffle scan matches a sequential scan", "[features]") {
  std::mt19937 rng(11);
  std::vector<float> in(4 * 256);
  for (float& x : in) x = static_cast<float>(static_cast<int>(rng() % 9) - 4);
  auto out = warp_inclusive_scan(in);
  for (std::size_t w = 0; w < in.size(); w += 32) {
    float running = 0;
    for (std::size_t i = w; i < w + 32; ++i) REQUIRE(out[i] == (running += in[i]));
  }
}

TEST_CASE("atomics on int, unsigned, unsigned long long and float", "[features]") {
  const unsigned blocks = 12, threads = 128, n = blocks * threads;
  auto t = atomics(blocks, threads);
  CHECK(t.add_int == static_cast<int>(2 * n));
  CHECK(t.sub_int == -static_cast<int>(n));
  CHECK(t.max_int == static_cast<int>(n - 1));
  CHECK(t.min_int == -static_cast<int>(n - 1));
  CHECK(t.add_unsigned == 3 * n);
  CHECK(t.add_ull == 1000000000ull * n);
  CHECK(t.add_float == 0.5f * n);  // exact: halves up to 2^24
  CHECK(t.cas_count == n);
  CHECK(t.exch_seen >= 0);
  CHECK(t.exch_seen < static_cast<int>(n));
}

TEST_CASE("__device__ variables through cudaMemcpyToSymbol/FromSymbol", "[features]") {
  CHECK(device_symbol_roundtrip(5, 10) == 5 + 10 * 64);
  CHECK(device_symbol_roundtrip(0, 1) == 64);
}

TEST_CASE("atomic tickets give every block a distinct position", "[features]") {
  auto tickets = block_tickets(300);
  std::sort(tickets.begin(), tickets.end());
  for (unsigned i = 0; i < tickets.size(); ++i) REQUIRE(tickets[i] == i);
}

// CUDA 13 reports all of these as cudaErrorInvalidValue (seen on an H100, driver 580.159).
TEST_CASE("invalid launch configurations fail as CUDA's do", "[features]") {
  SECTION("valid") {
    auto r = launch_with(dim3(4), dim3(1024), 0);
    CHECK(r.launch == cudaSuccess);
    CHECK(r.sync == cudaSuccess);
  }
  SECTION("a block of 0 threads") { CHECK(launch_with(dim3(4), dim3(0), 0).launch == cudaErrorInvalidValue); }
  SECTION("a block of 2048 threads") {
    CHECK(launch_with(dim3(4), dim3(2048), 0).launch == cudaErrorInvalidValue);
  }
  SECTION("a block of 32x32x2 threads") {
    CHECK(launch_with(dim3(1), dim3(32, 32, 2), 0).launch == cudaErrorInvalidValue);
  }
  SECTION("a grid of 0 blocks") { CHECK(launch_with(dim3(0), dim3(32), 0).launch == cudaErrorInvalidValue); }
  SECTION("too much dynamic shared memory") {
    CHECK(launch_with(dim3(1), dim3(32), 100 * 1024).launch == cudaErrorInvalidValue);
  }
  SECTION("the error does not stick") {
    launch_with(dim3(0), dim3(32), 0);
    auto r = launch_with(dim3(2), dim3(32), 0);
    CHECK(r.launch == cudaSuccess);
  }
}

TEST_CASE("events time the work between them", "[features]") {
  float ms = event_elapsed_ms();
  CHECK(ms >= 0.0f);
  CHECK(ms < 10000.0f);
}

TEST_CASE("error strings read as CUDA's", "[features]") {
  CHECK(std::string(cudaGetErrorString(cudaErrorInvalidConfiguration)) == "invalid configuration argument");
  CHECK(std::string(cudaGetErrorString(cudaErrorIllegalAddress)) == "an illegal memory access was encountered");
  CHECK(std::string(cudaGetErrorName(cudaErrorInvalidValue)) == "cudaErrorInvalidValue");
}
