// Device-side input generation, integer reference scan and exact output check (see bench_gpu.h).
#include <cub/device/device_scan.cuh>

#include <chrono>
#include <cstdio>
#include <thread>
#include <stdexcept>

#include "bench_gpu.h"
#include "cuda_helpers.h"

namespace scanlab::bench {
namespace {

__device__ __forceinline__ int input_value(std::uint64_t i, std::uint32_t seed) {
  std::uint64_t x = i * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull + 1;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return static_cast<int>(x % 17) - 8;
}

__global__ void fill_kernel(float* input, long long* values, std::uint64_t n, std::uint32_t seed) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int v = input_value(i, seed);
    input[i] = static_cast<float>(v);
    values[i] = v;
  }
}

__global__ void poison_kernel(float* out, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = __int_as_float(0x7fc00bad);
}

// counters: [0] wrong count, [1] first wrong index (atomicMin).
__global__ void check_kernel(const float* out, const float* in, const long long* ref, std::uint64_t n, int kind,
                             unsigned section, unsigned long long* counters) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    long long expected;
    if (kind == static_cast<int>(output_kind::copy)) {
      expected = static_cast<long long>(in[i]);
    } else {
      const std::uint64_t start = (kind == static_cast<int>(output_kind::inclusive)) ? 0 : (i / section) * section;
      const long long before = start == 0 ? 0 : ref[start - 1];
      expected = ref[i] - before;
      if (kind == static_cast<int>(output_kind::exclusive_sections)) expected -= static_cast<long long>(in[i]);
    }
    const float got = out[i];
    if (!(got == static_cast<float>(expected))) {
      atomicAdd(&counters[0], 1ull);
      atomicMin(&counters[1], static_cast<unsigned long long>(i));
    }
  }
}

}  // namespace

unsigned grid_for(std::uint64_t n) {
  const std::uint64_t blocks = (n + 255) / 256;
  return static_cast<unsigned>(blocks < 65536 ? (blocks == 0 ? 1 : blocks) : 65536);
}

void must(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

device_data::device_data(std::uint64_t capacity) : capacity_(capacity) {
  must(cudaMalloc(&input_, capacity * sizeof(float)), "cudaMalloc(input)");
  must(cudaMalloc(&output_, capacity * sizeof(float)), "cudaMalloc(output)");
  must(cudaMalloc(&reference_, capacity * sizeof(long long)), "cudaMalloc(reference)");
  must(cudaMalloc(&counters_, 2 * sizeof(unsigned long long)), "cudaMalloc(counters)");
  cub::DeviceScan::InclusiveSum(nullptr, cub_temp_bytes_, reference_, reference_, static_cast<int>(capacity));
  must(cudaMalloc(&cub_temp_, cub_temp_bytes_), "cudaMalloc(cub temp)");
}

device_data::~device_data() {
  cudaFree(input_);
  cudaFree(output_);
  cudaFree(reference_);
  cudaFree(counters_);
  cudaFree(cub_temp_);
}

void device_data::prepare(unsigned n, std::uint32_t seed) {
  if (n > capacity_) throw std::runtime_error("n larger than the allocated capacity");
  if (n == prepared_n_ && seed == prepared_seed_) return;
  fill_kernel<<<grid_for(n), 256>>>(input_, reference_, n, seed);
  std::size_t bytes = cub_temp_bytes_;
  cub::DeviceScan::InclusiveSum(cub_temp_, bytes, reference_, reference_, static_cast<int>(n));
  must(cudaDeviceSynchronize(), "preparing the input");
  prepared_n_ = n;
  prepared_seed_ = seed;
}

void device_data::poison_output(unsigned n) { poison_kernel<<<grid_for(n), 256>>>(output_, n); }

device_data::check_result device_data::check(unsigned n, output_kind kind, unsigned section) {
  const unsigned long long init[2] = {0, ~0ull};
  must(cudaMemcpy(counters_, init, sizeof init, cudaMemcpyHostToDevice), "check counters");
  if (kind != output_kind::copy && kind != output_kind::inclusive && section == 0)
    throw std::runtime_error("a sectioned output needs a section size");
  check_kernel<<<grid_for(n), 256>>>(output_, input_, reference_, n, static_cast<int>(kind), section, counters_);
  unsigned long long result[2];
  must(cudaMemcpy(result, counters_, sizeof result, cudaMemcpyDeviceToHost), "check result");
  check_result r;
  r.wrong = result[0];
  if (r.wrong > 0) {
    r.first = result[1];
    cudaMemcpy(&r.got, output_ + r.first, sizeof(float), cudaMemcpyDeviceToHost);
    long long ref = 0, before = 0;
    float x = 0;
    cudaMemcpy(&ref, reference_ + r.first, sizeof ref, cudaMemcpyDeviceToHost);
    cudaMemcpy(&x, input_ + r.first, sizeof x, cudaMemcpyDeviceToHost);
    const std::uint64_t start = kind == output_kind::inclusive ? 0 : (kind == output_kind::copy ? r.first : (r.first / section) * section);
    if (kind != output_kind::copy && start > 0)
      cudaMemcpy(&before, reference_ + start - 1, sizeof before, cudaMemcpyDeviceToHost);
    r.expected = kind == output_kind::copy ? x : static_cast<double>(ref - before) - (kind == output_kind::exclusive_sections ? x : 0);
  }
  return r;
}

l2_flusher::l2_flusher() {
  int device = 0, l2 = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device);
  l2_bytes_ = static_cast<std::size_t>(l2);
  bytes_ = 2 * l2_bytes_;
  if (bytes_ > 0) must(cudaMalloc(&buffer_, bytes_), "cudaMalloc(L2 flush buffer)");
}
l2_flusher::~l2_flusher() { cudaFree(buffer_); }
void l2_flusher::flush() {
  static unsigned char value = 0;
  if (buffer_ != nullptr) cudaMemsetAsync(buffer_, ++value, bytes_, 0);
}

bool finish_within(double seconds) {
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  cudaEventRecord(done, 0);
  const auto start = std::chrono::steady_clock::now();
  bool finished = true;
  while (cudaEventQuery(done) == cudaErrorNotReady) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds) {
      finished = false;
      break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  if (finished) cudaEventDestroy(done);
  return finished;
}

std::vector<double> time_calls(const implementation& impl, const float* in, float* out, unsigned n, void* workspace,
                               int reps, l2_flusher* flush, double hang_seconds) {
  std::vector<cudaEvent_t> events(2 * static_cast<std::size_t>(reps));
  for (cudaEvent_t& e : events) cudaEventCreate(&e);
  for (int r = 0; r < reps; ++r) {
    if (flush != nullptr) flush->flush();
    cudaEventRecord(events[2 * r], 0);
    impl.run(in, out, n, workspace);
    cudaEventRecord(events[2 * r + 1], 0);
  }
  if (!finish_within(hang_seconds)) return {};
  std::vector<double> seconds;
  seconds.reserve(reps);
  for (int r = 0; r < reps; ++r) {
    float ms = 0;
    cudaEventElapsedTime(&ms, events[2 * r], events[2 * r + 1]);
    seconds.push_back(ms * 1e-3);
  }
  for (cudaEvent_t& e : events) cudaEventDestroy(e);
  return seconds;
}

std::vector<double> time_isolated_calls(const implementation& impl, const float* in, float* out, unsigned n,
                                        void* workspace, int reps, l2_flusher* flush, double hang_seconds) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<double> seconds;
  seconds.reserve(reps);
  for (int r = 0; r < reps; ++r) {
    if (flush != nullptr) flush->flush();
    if (!finish_within(hang_seconds)) return {};
    cudaEventRecord(start, 0);
    impl.run(in, out, n, workspace);
    cudaEventRecord(stop, 0);
    if (!finish_within(hang_seconds)) return {};
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    seconds.push_back(ms * 1e-3);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return seconds;
}

std::string take_cuda_error() {
  const cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? std::string() : std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
}

const char* output_kind_name(output_kind kind) {
  switch (kind) {
    case output_kind::copy: return "copy";
    case output_kind::inclusive: return "inclusive";
    case output_kind::inclusive_sections: return "inclusive_sections";
    case output_kind::exclusive_sections: return "exclusive_sections";
  }
  return "?";
}

}  // namespace scanlab::bench
