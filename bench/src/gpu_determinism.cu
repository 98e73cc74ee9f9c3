// The determinism check (issue 42): the same random float input scanned several times, each
// output's bits hashed on the device. Integer inputs (device_data's) cannot show it: their sums
// are exact in any order. Random floats in [-0.5, 0.5) round differently for every grouping of
// the additions, so a scan whose grouping depends on timing (a look-back that adds whatever its
// predecessors have published) gives different bits from run to run, and this counts them.
#include <algorithm>
#include <vector>

#include "bench_gpu.h"
#include "cuda_helpers.h"

namespace scanlab::bench {
namespace {

__device__ __forceinline__ std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 32);
}

__global__ void fill_random_kernel(float* input, std::uint64_t n, std::uint32_t seed) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    input[i] = static_cast<float>(mix64(i + (std::uint64_t(seed) << 40)) >> 40) * 0x1p-24f - 0.5f;
}

// An order-free hash of the output's bits: the sum (mod 2^64) of a mix of each index with its
// word, so two outputs hash alike only if (but for a 2^-64 chance) every word is the same.
__global__ void hash_kernel(const float* out, std::uint64_t n, unsigned long long* hash) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  std::uint64_t h = 0;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    h += mix64((i << 32) ^ __float_as_uint(out[i]));
  for (int offset = 16; offset > 0; offset /= 2) h += __shfl_down_sync(0xffffffffu, h, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(hash, static_cast<unsigned long long>(h));
}

}  // namespace

determinism_probe::determinism_probe(std::uint64_t capacity) {
  must(cudaMalloc(&input_, capacity * sizeof(float)), "the determinism check's input");
  must(cudaMalloc(&hash_, sizeof(unsigned long long)), "the determinism check's hash");
  fill_random_kernel<<<grid_for(capacity), 256>>>(input_, capacity, 0x5eed42u);  // every size scans a prefix
}

determinism_probe::~determinism_probe() {
  cudaFree(input_);
  cudaFree(hash_);
}

determinism_probe::result determinism_probe::run(const implementation& impl, float* output, unsigned n,
                                                 void* workspace, int runs, double hang_seconds) {
  result r;
  if (n == 0 || runs < 2) return r;
  std::vector<unsigned long long> hashes;
  for (int k = 0; k < runs; ++k) {
    impl.run(input_, output, n, workspace);
    cudaMemsetAsync(hash_, 0, sizeof(unsigned long long));
    hash_kernel<<<grid_for(n), 256>>>(output, n, hash_);
    unsigned long long h = 0;
    if (!finish_within(hang_seconds)) {
      r.hung = true;
      return r;
    }
    cudaMemcpy(&h, hash_, sizeof h, cudaMemcpyDeviceToHost);
    hashes.push_back(h);
  }
  r.runs = runs;
  r.first_hash = hashes.front();
  std::sort(hashes.begin(), hashes.end());
  r.distinct = static_cast<int>(std::unique(hashes.begin(), hashes.end()) - hashes.begin());
  return r;
}

}  // namespace scanlab::bench
