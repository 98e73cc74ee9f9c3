// Host entry points of libcudacxx_kernels.cu: libcu++ (CCCL's <cuda/...> and <cuda/std/...>) used
// in kernels, on whichever backend the test was built for; test_libcudacxx.cpp checks the results.
#pragma once

#include <cstdint>
#include <vector>

namespace libcudacxx_features {

// How many values exceed `threshold`, counted with cuda::atomic_ref<unsigned,
// cuda::thread_scope_device>::fetch_add(1) (an int literal) from every thread; and their sum with
// cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> on a per-block partial, added to
// the total with relaxed cuda::std::atomic_ref.
struct counts {
  unsigned above;
  unsigned long long sum;
  unsigned blocks_done;  // one acq_rel fetch_add(1u) per block
};
counts count_above(const std::vector<int>& in, int threshold, unsigned block);

// Per thread, computed in a kernel: {cuda::ceil_div(n, d), cuda::round_up(n, d), cuda::round_down(n, d),
// cuda::std::popcount(n), cuda::std::bit_width(n), cuda::std::countr_zero(n | 1u << 31),
// cuda::std::min(n, d), cuda::std::numeric_limits<int>::max() - n,
// cuda::std::array<int, 3>'s sum of {n, d, 1}, cuda::std::span over it, front + back}.
inline constexpr unsigned kIntFields = 10;
std::vector<std::int64_t> integer_helpers(const std::vector<unsigned>& n, const std::vector<unsigned>& d);

// Per thread: {infinity from cuda::std::numeric_limits<float>, min(x, infinity),
// lowest() < x, (x + i)(x - i) real part with cuda::std::complex<float>, cuda::std::fabs(x),
// cuda::std::plus<float>{}(x, 1)}.
inline constexpr unsigned kFloatFields = 6;
std::vector<float> float_helpers(const std::vector<float>& x);

// Sums of `tiles` tiles of kRingTile ints, each summed by the consumer warps of one block while a
// producer warp fills a ring of two buffers with bulk copies (cuda::device::memcpy_async_tx) that
// complete on cuda::barrier pairs (full, empty; wait_parity, arrive). arrive_first: the producer
// arrives on the full barrier (barrier_arrive_tx) before it issues the copy, with a __syncwarp() in
// between where the consumers may run: the phase must still wait for the bytes. Empty where the
// GPU is older than compute capability 9.0 (no bulk copies).
inline constexpr unsigned kRingTile = 256;
std::vector<int> ring_tile_sums(const std::vector<int>& in, bool arrive_first);

}  // namespace libcudacxx_features
