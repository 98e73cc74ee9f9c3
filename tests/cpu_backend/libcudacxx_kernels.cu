// Kernels using libcu++ the way modern course code does: cuda::atomic_ref with thread scopes and
// memory orders, cuda::ceil_div, cuda::std::numeric_limits, <cuda/std/...> containers and bit
// operations. Valid CUDA: nvcc builds this file unchanged for the GPU run of the same tests; on
// the CPU backend these are CCCL's own headers in host-only mode.
#include "libcudacxx_kernels.h"
#include "cuda_check.h"

#include <cstdio>
#include <cstdlib>

#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/cmath>
#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/std/complex>
#include <cuda/std/cstdint>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cuda/std/span>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda_runtime.h>

namespace libcudacxx_features {

namespace {

template <class T>
T* to_device(const std::vector<T>& host) {
  T* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, host.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
T* device_zeros(std::size_t n) {
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

static_assert(cuda::std::is_same_v<cuda::std::uint32_t, unsigned>, "cuda::std::uint32_t is unsigned");

__global__ void count_and_sum(const int* in, int n, int threshold, counts* result) {
  __shared__ unsigned long long block_sum;
  if (threadIdx.x == 0) block_sum = 0;
  __syncthreads();
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n && in[i] > threshold) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> above(result->above);
    above.fetch_add(1);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> partial(block_sum);
    partial.fetch_add(static_cast<unsigned long long>(in[i]), cuda::memory_order_relaxed);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::std::atomic_ref<unsigned long long> total(result->sum);
    total.fetch_add(block_sum, cuda::std::memory_order_relaxed);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(result->blocks_done);
    done.fetch_add(1u, cuda::memory_order_acq_rel);
  }
}

__global__ void integer_ops(const unsigned* n, const unsigned* d, std::int64_t* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = n[i], b = d[i];
  std::int64_t* row = out + i * kIntFields;
  row[0] = cuda::ceil_div(a, b);
  row[1] = cuda::round_up(a, b);
  row[2] = cuda::round_down(a, b);
  row[3] = cuda::std::popcount(a);
  row[4] = cuda::std::bit_width(a);
  row[5] = cuda::std::countr_zero(a | 1u << 31);
  row[6] = cuda::std::min(a, b);
  row[7] = cuda::std::numeric_limits<int>::max() - static_cast<int>(a);
  cuda::std::array<int, 3> values{static_cast<int>(a), static_cast<int>(b), 1};
  int sum = 0;
  for (int v : values) sum += v;
  row[8] = sum;
  cuda::std::span<const int> view(values);
  row[9] = view.front() + view.back() + static_cast<int>(view.size());
}

__global__ void float_ops(const float* x, float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  float* row = out + i * kFloatFields;
  const float infinity = cuda::std::numeric_limits<float>::infinity();
  row[0] = infinity;
  row[1] = cuda::std::min(v, infinity);
  row[2] = cuda::std::numeric_limits<float>::lowest() < v ? 1.0f : 0.0f;
  cuda::std::complex<float> z(v, 1.0f), w(v, -1.0f);
  row[3] = (z * w).real();
  row[4] = cuda::std::fabs(v);
  row[5] = cuda::std::plus<float>{}(v, 1.0f);
}

}  // namespace

counts count_above(const std::vector<int>& in, int threshold, unsigned block) {
  int* d_in = to_device(in);
  counts* d_result = device_zeros<counts>(1);
  int n = static_cast<int>(in.size());
  count_and_sum<<<cuda::ceil_div(n, static_cast<int>(block)), block>>>(d_in, n, threshold, d_result);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_result, 1)[0];
}

std::vector<std::int64_t> integer_helpers(const std::vector<unsigned>& n, const std::vector<unsigned>& d) {
  unsigned* d_n = to_device(n);
  unsigned* d_d = to_device(d);
  std::int64_t* d_out = device_zeros<std::int64_t>(n.size() * kIntFields);
  integer_ops<<<static_cast<unsigned>(n.size()) / 32, 32>>>(d_n, d_d, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_n));
  CUDA_CHECK(cudaFree(d_d));
  return to_host(d_out, n.size() * kIntFields);
}

namespace {
#pragma nv_diag_suppress static_var_with_dynamic_init
__global__ void ring_sums(const int* in, int* sums, unsigned tiles, bool arrive_first) {
#if __CUDA_ARCH__ >= 900
  using barrier = cuda::barrier<cuda::thread_scope_block>;
  __shared__ alignas(16) int buffer[2][kRingTile];
  __shared__ barrier full[2], empty[2];
  const unsigned consumers = blockDim.x - 32;
  if (threadIdx.x == 0) {
    for (unsigned s = 0; s < 2; ++s) {
      init(&full[s], 1);
      init(&empty[s], consumers / 32);
    }
    cuda::device::experimental::fence_proxy_async_shared_cta();
  }
  __syncthreads();
  const unsigned lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    for (unsigned t = 0; t < tiles; ++t) {
      const unsigned s = t % 2;
      if (t >= 2) empty[s].wait_parity((t / 2 - 1) % 2);
      const auto bytes = cuda::aligned_size_t<16>(sizeof(buffer[s]));
      if (arrive_first && lane == 0) (void)cuda::device::barrier_arrive_tx(full[s], 1, sizeof(buffer[s]));
      __syncwarp();
      if (lane == 0) cuda::device::memcpy_async_tx(buffer[s], in + t * kRingTile, bytes, full[s]);
      if (!arrive_first && lane == 0) (void)cuda::device::barrier_arrive_tx(full[s], 1, sizeof(buffer[s]));
    }
    return;
  }
  for (unsigned t = 0; t < tiles; ++t) {
    const unsigned s = t % 2;
    full[s].wait_parity((t / 2) % 2);
    int mine = 0;
    for (unsigned i = threadIdx.x - 32; i < kRingTile; i += consumers) mine += buffer[s][i];
    for (unsigned d = 16; d > 0; d /= 2) mine += __shfl_down_sync(0xffffffffu, mine, d);
    __syncwarp();
    if (lane == 0) {
      atomicAdd(&sums[t], mine);
      (void)empty[s].arrive();  // one arrival per consumer warp
    }
  }
#else
  __trap();  // ring_tile_sums launches it only on compute capability 9.0 and later
#endif
}
}  // namespace

std::vector<int> ring_tile_sums(const std::vector<int>& in, bool arrive_first) {
  int device = 0, major = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  if (major < 9) return {};
  const unsigned tiles = static_cast<unsigned>(in.size() / kRingTile);
  int* d_in = to_device(in);
  int* d_sums = device_zeros<int>(tiles);
  ring_sums<<<1, 32 + 64>>>(d_in, d_sums, tiles, arrive_first);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_sums, tiles);
}

std::vector<float> float_helpers(const std::vector<float>& x) {
  float* d_x = to_device(x);
  float* d_out = device_zeros<float>(x.size() * kFloatFields);
  float_ops<<<static_cast<unsigned>(x.size()) / 32, 32>>>(d_x, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_x));
  return to_host(d_out, x.size() * kFloatFields);
}

}  // namespace libcudacxx_features
