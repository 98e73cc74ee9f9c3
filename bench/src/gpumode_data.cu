// The GPU MODE-style check's data (see gpumode_data.h): normally distributed float inputs drawn
// on the device, a float64 reference scan (CUB over doubles) and a tolerance check, all on the
// device so that a 2^28 check costs milliseconds.
#include <cub/device/device_scan.cuh>

#include <cmath>

#include "cuda_helpers.h"
#include "gpumode_data.h"

namespace scanlab::bench {
namespace {

__device__ __forceinline__ std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 32;
  return x;
}

// One standard normal value per index (Box-Muller on two uniforms from a hash of index and seed).
__global__ void randn_kernel(float* input, double* wide, std::uint64_t n, std::uint64_t seed) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const std::uint64_t h = mix(i * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull + 1);
    const double u1 = (double((h >> 11) & ((1ull << 26) - 1)) + 0.5) / double(1ull << 26);  // (0, 1)
    const double u2 = double(h >> 38) / double(1ull << 26);
    const float v = static_cast<float>(sqrt(-2.0 * log(u1)) * cospi(2.0 * u2));
    input[i] = v;
    wide[i] = v;  // the reference scans exactly the floats the implementation sees
  }
}

// counters: [0] elements out of tolerance, [1] first such index (atomicMin), [2] the largest
// |out - ref| as the bits of a non-negative double (their order is the values' order).
__global__ void tolerance_kernel(const float* out, const double* ref, std::uint64_t n, double tolerance,
                                 unsigned long long* counters) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const double got = out[i], expected = ref[i];
    const double error = fabs(got - expected);
    if (!(error <= tolerance + tolerance * fabs(expected))) {  // NaN fails too
      atomicAdd(&counters[0], 1ull);
      atomicMin(&counters[1], static_cast<unsigned long long>(i));
    }
    if (error == error) atomicMax(&counters[2], static_cast<unsigned long long>(__double_as_longlong(error)));
  }
}

}  // namespace

gpumode_data::gpumode_data(std::uint64_t capacity) : capacity_(capacity) {
  must(cudaMalloc(&input_, capacity * sizeof(float)), "cudaMalloc(input)");
  must(cudaMalloc(&output_, capacity * sizeof(float)), "cudaMalloc(output)");
  must(cudaMalloc(&wide_, capacity * sizeof(double)), "cudaMalloc(float64 input)");
  must(cudaMalloc(&reference_, capacity * sizeof(double)), "cudaMalloc(float64 reference)");
  must(cudaMalloc(&counters_, 3 * sizeof(unsigned long long)), "cudaMalloc(counters)");
  cub::DeviceScan::InclusiveSum(nullptr, cub_bytes_, wide_, reference_, static_cast<long long>(capacity));
  must(cudaMalloc(&cub_temp_, cub_bytes_ + 1), "cudaMalloc(CUB temporary storage)");
}

gpumode_data::~gpumode_data() {
  cudaFree(input_);
  cudaFree(output_);
  cudaFree(wide_);
  cudaFree(reference_);
  cudaFree(counters_);
  cudaFree(cub_temp_);
}

void gpumode_data::draw(std::uint64_t n, std::uint64_t seed) {
  if (n > capacity_) throw std::runtime_error("gpumode_data: n above capacity");
  if (n == 0) return;
  randn_kernel<<<grid_for(n), 256>>>(input_, wide_, n, seed);
  cub::DeviceScan::InclusiveSum(cub_temp_, cub_bytes_, wide_, reference_, static_cast<long long>(n));
}

double gpumode_data::tolerance(std::uint64_t n) { return 1e-5 * std::sqrt(static_cast<double>(n)); }

gpumode_data::verdict gpumode_data::check(std::uint64_t n) {
  verdict v;
  if (n == 0) return v;
  const unsigned long long init[3] = {0, ~0ull, 0};
  must(cudaMemcpy(counters_, init, sizeof init, cudaMemcpyHostToDevice), "cudaMemcpy(counters)");
  tolerance_kernel<<<grid_for(n), 256>>>(output_, reference_, n, tolerance(n), counters_);
  unsigned long long got[3];
  must(cudaMemcpy(got, counters_, sizeof got, cudaMemcpyDeviceToHost), "cudaMemcpy(counters back)");
  v.wrong = got[0];
  v.first = got[1];
  std::memcpy(&v.max_error, &got[2], sizeof(double));
  if (v.wrong > 0) {
    double expected = 0;
    must(cudaMemcpy(&expected, reference_ + v.first, sizeof expected, cudaMemcpyDeviceToHost), "cudaMemcpy(ref)");
    must(cudaMemcpy(&v.got, output_ + v.first, sizeof v.got, cudaMemcpyDeviceToHost), "cudaMemcpy(out)");
    v.expected = expected;
  }
  return v;
}

}  // namespace scanlab::bench
