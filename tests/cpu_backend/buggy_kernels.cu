// Deliberately broken kernels (and their correct twins) for the CPU backend's detector tests.
// Line numbers matter: test_detectors.cpp checks that reports name them.
#include "buggy_kernels.h"

#include <cstring>

#include <cuda/barrier>

namespace buggy {

namespace {

constexpr unsigned section = 1024;

run_result finish(float* d_out, unsigned n) {
  run_result r;
  r.error = cudaDeviceSynchronize();
  r.output.resize(n);
  if (n > 0) cudaMemcpy(r.output.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  cudaGetLastError();  // leave no error behind for the next test
  return r;
}

float* device_copy(const std::vector<float>& in) {
  float* d = nullptr;
  cudaMalloc(&d, in.size() * sizeof(float));
  cudaMemcpy(d, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
  return d;
}

__global__ void kogge_stone_in_place(const float* in, float* out, unsigned n) {
  __shared__ float xy[section];
  unsigned i = blockIdx.x * section + threadIdx.x;
  xy[threadIdx.x] = i < n ? in[i] : 0.0f;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    if (threadIdx.x >= stride) xy[threadIdx.x] += xy[threadIdx.x - stride];  // races with the reader
  }
  if (i < n) out[i] = xy[threadIdx.x];
}

__global__ void kogge_stone_with_temporary(const float* in, float* out, unsigned n) {
  __shared__ float xy[section];
  unsigned i = blockIdx.x * section + threadIdx.x;
  xy[threadIdx.x] = i < n ? in[i] : 0.0f;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = threadIdx.x >= stride ? xy[threadIdx.x] + xy[threadIdx.x - stride] : xy[threadIdx.x];
    __syncthreads();
    xy[threadIdx.x] = temp;
  }
  if (i < n) out[i] = xy[threadIdx.x];
}

__global__ void scan_barrier_inside_if(const float* in, float* out, unsigned n) {
  __shared__ float xy[section];
  unsigned i = blockIdx.x * section + threadIdx.x;
  if (i < n) {
    xy[threadIdx.x] = in[i];
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
      __syncthreads();  // BARRIER_INSIDE_IF
      float temp = threadIdx.x >= stride ? xy[threadIdx.x] + xy[threadIdx.x - stride] : xy[threadIdx.x];
      __syncthreads();
      xy[threadIdx.x] = temp;
    }
    out[i] = xy[threadIdx.x];
  }
}

__global__ void scan_after_early_return(const float* in, float* out, unsigned n) {
  __shared__ float xy[section];
  unsigned i = blockIdx.x * section + threadIdx.x;
  if (i >= n) return;  // EARLY_RETURN
  xy[threadIdx.x] = in[i];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();  // BARRIER_AFTER_RETURN
    float temp = threadIdx.x >= stride ? xy[threadIdx.x] + xy[threadIdx.x - stride] : xy[threadIdx.x];
    __syncthreads();
    xy[threadIdx.x] = temp;
  }
  out[i] = xy[threadIdx.x];
}

__global__ void read_unwritten_shared(float* out, unsigned n) {
  __shared__ float staged[256];
  if (threadIdx.x % 2 == 0) staged[threadIdx.x] = 1.0f;  // odd slots are never written
  __syncthreads();
  if (threadIdx.x < n) out[threadIdx.x] = staged[threadIdx.x];
}

__global__ void write_tail(float* out, unsigned n, unsigned limit) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < limit) out[i] = static_cast<float>(i);  // limit = n + 1 is the off-by-one
  (void)n;
}

__global__ void overflow_shared(float* out, unsigned extra) {
  __shared__ float small[64];
  small[threadIdx.x] = static_cast<float>(threadIdx.x);  // SHARED_OVERFLOW
  __syncthreads();
  if (threadIdx.x < 64) out[threadIdx.x] = small[threadIdx.x];
  (void)extra;
}

// Sums four floats per thread through one float4 load, starting `offset` floats into the input:
// offset 1 is the classic "vectorize from input + 1" bug, which a GPU stops with
// cudaErrorMisalignedAddress and x86 would run without complaint.
__global__ void vector_sums(const float* in, float* out, unsigned offset) {
  const float4 q = *reinterpret_cast<const float4*>(in + offset + 4 * threadIdx.x);  // MISALIGNED_LOAD
  out[threadIdx.x] = q.x + q.y + q.z + q.w;
}

// Host code in a .cu file may read through a misaligned pointer (x86 allows it): no report.
float host_vector_sum(const float* p, unsigned offset) {
  float4 q;
  std::memcpy(&q, p + offset, sizeof q);
  const float2 half = *reinterpret_cast<const float2*>(p + offset);
  return q.x + q.y + q.z + q.w + half.x;
}

__global__ void chain_on_block_index(const float* in, float* out, volatile int* flags, volatile float* carries,
                                     unsigned n) {
  __shared__ float xy[section];
  __shared__ float carry_in;
  unsigned i = blockIdx.x * section + threadIdx.x;
  xy[threadIdx.x] = i < n ? in[i] : 0.0f;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = threadIdx.x >= stride ? xy[threadIdx.x] + xy[threadIdx.x - stride] : xy[threadIdx.x];
    __syncthreads();
    xy[threadIdx.x] = temp;
  }
  if (threadIdx.x == 0) {
    carry_in = 0.0f;
    if (blockIdx.x > 0) {
      while (flags[blockIdx.x - 1] == 0) {  // SPIN_ON_PREDECESSOR
      }
      carry_in = carries[blockIdx.x - 1];
    }
    carries[blockIdx.x] = carry_in + xy[section - 1];
    __threadfence();
    flags[blockIdx.x] = 1;
  }
  __syncthreads();
  if (i < n) out[i] = xy[threadIdx.x] + carry_in;
}

// Block 0 never publishes: every other block waits forever on a flag it reads without volatile.
__global__ void spin_on_unset(const float* in, float* out, int* flags, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && blockIdx.x > 0)
    while (flags[0] == 0) {
    }
  __syncthreads();
  if (i < n) out[i] = in[i];
}

__global__ void shuffle_after_return(float* out) {
  if (threadIdx.x % 32 >= 16) return;
  float v = __shfl_down_sync(0xffffffffu, static_cast<float>(threadIdx.x), 1);  // SHUFFLE_AFTER_RETURN
  out[threadIdx.x] = v;
}

__global__ void use_pointer(float* p) { p[threadIdx.x] = 1.0f; }

}  // namespace

run_result kogge_stone(const std::vector<float>& in, bool racy) {
  unsigned n = static_cast<unsigned>(in.size());
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  unsigned blocks = (n + section - 1) / section;
  if (racy)
    kogge_stone_in_place<<<blocks, section>>>(d_in, d_out, n);
  else
    kogge_stone_with_temporary<<<blocks, section>>>(d_in, d_out, n);
  cudaFree(d_in);
  return finish(d_out, n);
}

run_result barrier_in_branch(const std::vector<float>& in, barrier_variant v) {
  unsigned n = static_cast<unsigned>(in.size());
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  unsigned blocks = (n + section - 1) / section;
  switch (v) {
    case barrier_variant::correct: kogge_stone_with_temporary<<<blocks, section>>>(d_in, d_out, n); break;
    case barrier_variant::inside_if: scan_barrier_inside_if<<<blocks, section>>>(d_in, d_out, n); break;
    case barrier_variant::after_return: scan_after_early_return<<<blocks, section>>>(d_in, d_out, n); break;
  }
  cudaFree(d_in);
  return finish(d_out, n);
}

run_result uninitialized_shared_read(unsigned n) {
  float* d_out = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  read_unwritten_shared<<<1, 256>>>(d_out, n);
  return finish(d_out, n);
}

run_result tail_write(unsigned n, bool past_end) {
  float* d_out = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  write_tail<<<(n + 255) / 256 + 1, 256>>>(d_out, n, past_end ? n + 1 : n);
  return finish(d_out, n);
}

run_result shared_overflow(bool past_end) {
  float* d_out = nullptr;
  cudaMalloc(&d_out, 64 * sizeof(float));
  overflow_shared<<<1, past_end ? 65 : 64>>>(d_out, 0);
  return finish(d_out, 64);
}

run_result misaligned_vector_load(unsigned offset) {
  std::vector<float> in(4 * 32 + 4);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 5);
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  cudaMalloc(&d_out, 32 * sizeof(float));
  vector_sums<<<1, 32>>>(d_in, d_out, offset);
  run_result r = finish(d_out, 32);
  cudaFree(d_in);
  return r;
}

float host_misaligned_read() {
  alignas(16) float values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  return host_vector_sum(values, 1);
}

run_result chained_on_block_index(const std::vector<float>& in) {
  unsigned n = static_cast<unsigned>(in.size());
  unsigned blocks = (n + section - 1) / section;
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  int* flags = nullptr;
  float* carries = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&flags, blocks * sizeof(int));
  cudaMalloc(&carries, blocks * sizeof(float));
  cudaMemset(flags, 0, blocks * sizeof(int));
  chain_on_block_index<<<blocks, section>>>(d_in, d_out, flags, carries, n);
  run_result r = finish(d_out, n);
  cudaFree(d_in);
  cudaFree(flags);
  cudaFree(carries);
  return r;
}

run_result spin_on_unset_flag(const std::vector<float>& in) {
  unsigned n = static_cast<unsigned>(in.size());
  unsigned blocks = (n + section - 1) / section;
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  int* flags = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&flags, sizeof(int));
  cudaMemset(flags, 0, sizeof(int));
  spin_on_unset<<<blocks, section>>>(d_in, d_out, flags, n);
  run_result r = finish(d_out, n);
  cudaFree(d_in);
  cudaFree(flags);
  return r;
}

run_result shuffle_after_partial_return() {
  float* d_out = nullptr;
  cudaMalloc(&d_out, 64 * sizeof(float));
  shuffle_after_return<<<1, 64>>>(d_out);
  return finish(d_out, 64);
}

run_result host_pointer_argument() {
  std::vector<float> host(32);
  use_pointer<<<1, 32>>>(host.data());
  run_result r;
  r.error = cudaDeviceSynchronize();
  cudaGetLastError();
  return r;
}

namespace {
#pragma nv_diag_suppress static_var_with_dynamic_init
__global__ void waits_for_a_second_arrival(float* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, 2);
  __syncthreads();
  if (threadIdx.x != 0) return;
  bar.arrive_and_wait();
  out[0] = 1.0f;
}
}  // namespace

run_result barrier_missing_arrival() {
  float* d_out = nullptr;
  cudaMalloc(&d_out, sizeof(float));
  waits_for_a_second_arrival<<<1, 64>>>(d_out);
  return finish(d_out, 1);
}

}  // namespace buggy
