// Kernels exercising each CUDA feature the CPU backend provides. Built unchanged with nvcc and
// with the CPU backend; test_features.cpp checks both give the same, exactly known, results.
#include "feature_kernels.h"
#include "cuda_check.h"

#include <cstdio>
#include <cstdlib>

#include <cuda_pipeline.h>

namespace features {

namespace {

template <class T>
T* to_device(const std::vector<T>& host) {
  T* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, host.size() * sizeof(T) + 1));
  CUDA_CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
std::vector<T> to_host(const T* d, std::size_t n) {
  std::vector<T> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(const_cast<T*>(d)));
  return host;
}

__global__ void write_indices(std::uint32_t* out) {
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned per_block = blockDim.x * blockDim.y * blockDim.z;
  out[block * per_block + thread] = block * per_block + thread;
}

__global__ void reduce_blocks(const int* in, int* out) {
  __shared__ int partial[1024];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

__global__ void reverse_each_block(const float* in, float* out) {
  extern __shared__ float staged[];
  unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
  staged[blockDim.x - 1 - t] = in[base + t];
  __syncthreads();
  out[base + t] = staged[t];
}

__global__ void barrier_reduce(unsigned k, int* out) {
  int pred = threadIdx.x % k == 0;
  int count = __syncthreads_count(pred);
  int all = __syncthreads_and(pred);
  int any = __syncthreads_or(pred);
  if (threadIdx.x == 0) {
    out[0] = count;
    out[1] = all;
    out[2] = any;
  }
}

__global__ void warp_ops(std::uint32_t* out) {
  unsigned t = threadIdx.x, lane = t % 32;
  unsigned v = t * 7 + 3;
  std::uint32_t* o = out + 8 * t;
  o[0] = __shfl_sync(0xffffffffu, v, (lane + 5) % 32);
  o[1] = __shfl_up_sync(0xffffffffu, v, 3);
  o[2] = __shfl_down_sync(0xffffffffu, v, 4);
  o[3] = __shfl_xor_sync(0xffffffffu, v, 9);
  o[4] = __shfl_sync(0xffffffffu, v, 2, 16);
  o[5] = __ballot_sync(0xffffffffu, (t % 3) == 0);
  o[6] = __any_sync(0xffffffffu, t == 40);
  o[7] = __all_sync(0xffffffffu, t < 1000);
}

__global__ void warp_scan(const float* in, float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
  float x = in[i];
  for (unsigned d = 1; d < 32; d *= 2) {
    float y = __shfl_up_sync(0xffffffffu, x, d);
    if (lane >= d) x += y;
  }
  out[i] = x;
}

__global__ void atomic_ops(atomic_totals* t) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&t->add_int, 2);
  atomicSub(&t->sub_int, 1);
  atomicMax(&t->max_int, static_cast<int>(id));
  atomicMin(&t->min_int, -static_cast<int>(id));
  atomicAdd(&t->add_unsigned, 3u);
  atomicAdd(&t->add_ull, 1000000000ull);
  atomicAdd(&t->add_float, 0.5f);
  // Each thread increments once through a CAS loop.
  unsigned old = t->cas_count, assumed;
  do {
    assumed = old;
    old = atomicCAS(&t->cas_count, assumed, assumed + 1);
  } while (old != assumed);
  int previous = atomicExch(&t->exch_seen, static_cast<int>(id));
  (void)previous;
}

__device__ unsigned symbol_counter;

__global__ void bump_symbol() { atomicAdd(&symbol_counter, 1u); }

__device__ unsigned ticket_counter;

__global__ void take_tickets(unsigned* tickets) {
  __shared__ unsigned ticket;
  if (threadIdx.x == 0) ticket = atomicAdd(&ticket_counter, 1u);
  __syncthreads();
  if (threadIdx.x == 0) tickets[blockIdx.x] = ticket;
}

__global__ void do_nothing(int* sink) {
  extern __shared__ int scratch[];
  if (sink != nullptr && threadIdx.x == 0 && blockIdx.x == 0) *sink = 1;
  (void)scratch;
}

}  // namespace

std::vector<std::uint32_t> thread_indices(dim3 grid, dim3 block) {
  std::size_t n = 1ull * grid.x * grid.y * grid.z * block.x * block.y * block.z;
  std::uint32_t* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(std::uint32_t)));
  CUDA_CHECK(cudaMemset(d, 0xff, n * sizeof(std::uint32_t)));
  write_indices<<<grid, block>>>(d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, n);
}

std::vector<int> block_sums(const std::vector<int>& in, unsigned block) {
  int* d_in = to_device(in);
  int* d_out = nullptr;
  unsigned blocks = static_cast<unsigned>(in.size() / block);
  CUDA_CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  reduce_blocks<<<blocks, block>>>(d_in, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, blocks);
}

std::vector<float> reverse_blocks(const std::vector<float>& in, unsigned block) {
  float* d_in = to_device(in);
  float* d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_out, in.size() * sizeof(float)));
  reverse_each_block<<<static_cast<unsigned>(in.size() / block), block, block * sizeof(float)>>>(d_in, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

std::vector<int> barrier_reductions(unsigned block, unsigned k) {
  int* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, 3 * sizeof(int)));
  barrier_reduce<<<1, block>>>(k, d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, 3);
}

std::vector<std::uint32_t> warp_results(unsigned block) {
  std::uint32_t* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, 8 * block * sizeof(std::uint32_t)));
  warp_ops<<<1, block>>>(d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, 8 * block);
}

std::vector<float> warp_inclusive_scan(const std::vector<float>& in) {
  float* d_in = to_device(in);
  float* d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_out, in.size() * sizeof(float)));
  warp_scan<<<static_cast<unsigned>(in.size() / 256), 256>>>(d_in, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

// Each thread copies its 16-byte chunk into shared memory asynchronously (the block's last thread
// zero-fills the second half of its chunk), waits, and after the barrier reads its neighbour's.
__global__ void async_copy_rotate(const float4* in, float4* out) {
  __shared__ float4 chunks[128];
  const unsigned t = threadIdx.x;
  const unsigned zfill = t == blockDim.x - 1 ? 8 : 0;
  __pipeline_memcpy_async(&chunks[t], &in[blockIdx.x * blockDim.x + t], sizeof(float4), zfill);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = chunks[(t + 1) % blockDim.x];
}

std::vector<float> async_copy_rotate(const std::vector<float>& in, unsigned block) {
  float* d_in = to_device(in);
  float* d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_out, in.size() * sizeof(float)));
  async_copy_rotate<<<static_cast<unsigned>(in.size() / (4 * block)), block>>>(reinterpret_cast<const float4*>(d_in),
                                                                               reinterpret_cast<float4*>(d_out));
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_in));
  return to_host(d_out, in.size());
}

atomic_totals atomics(unsigned blocks, unsigned threads) {
  atomic_totals init{0, 0, -1, 1, 0, 0, 0, 0.0f, -1};
  atomic_totals* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, sizeof init));
  CUDA_CHECK(cudaMemcpy(d, &init, sizeof init, cudaMemcpyHostToDevice));
  atomic_ops<<<blocks, threads>>>(d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, 1)[0];
}

unsigned device_symbol_roundtrip(unsigned start, unsigned blocks) {
  CUDA_CHECK(cudaMemcpyToSymbol(symbol_counter, &start, sizeof start));
  bump_symbol<<<blocks, 64>>>();
  CUDA_CHECK(cudaGetLastError());
  unsigned result = 0;
  CUDA_CHECK(cudaMemcpyFromSymbol(&result, symbol_counter, sizeof result));
  return result;
}

std::vector<unsigned> block_tickets(unsigned blocks) {
  unsigned zero = 0;
  CUDA_CHECK(cudaMemcpyToSymbol(ticket_counter, &zero, sizeof zero));
  unsigned* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, blocks * sizeof(unsigned)));
  take_tickets<<<blocks, 128>>>(d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, blocks);
}

launch_result launch_with(dim3 grid, dim3 block, std::size_t dynamic_shared) {
  launch_result r;
  do_nothing<<<grid, block, dynamic_shared>>>(nullptr);
  r.launch = cudaGetLastError();
  r.sync = cudaDeviceSynchronize();
  return r;
}

float event_elapsed_ms() {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start));
  do_nothing<<<64, 256>>>(nullptr);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = -1;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return ms;
}

}  // namespace features
