#include "timing_kernels.h"

namespace scanlab::grader::timing {

namespace {

// SplitMix64's finaliser: every input bit moves every output bit.
__device__ __forceinline__ unsigned long long mix64(unsigned long long x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

constexpr unsigned threads = 256;

// Enough blocks to keep every SM streaming; each thread walks the array with the grid's stride.
unsigned blocks_for(std::uint64_t n) {
  const std::uint64_t wanted = (n + threads - 1) / threads;
  return static_cast<unsigned>(wanted < 8192 ? (wanted == 0 ? 1 : wanted) : 8192);
}

// Element i of the input of `seed`: the fill writes it, the check recomputes it (so a call that
// rewrites its input cannot make a wrong output look right).
__device__ __forceinline__ float input_value(unsigned long long seed, std::uint64_t i) {
  return static_cast<float>(static_cast<int>(mix64(seed ^ mix64(i + 0x9e3779b97f4a7c15ull)) % 17) - 8);
}

__global__ void fill_kernel(float* in, std::uint64_t n, unsigned long long seed) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < n; i += stride)
    in[i] = input_value(seed, i);
}

__global__ void check_kernel(unsigned long long seed, const float* out, std::uint64_t n, bool exclusive,
                             std::uint64_t section, check_words* words) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  unsigned long long sum = 0, first_bad = ~0ull;
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    const float got = out[i];
    // Sections are powers of two in every lab so far: a mask then, a division otherwise.
    const bool start = section == 0                      ? i == 0
                       : (section & (section - 1)) == 0 ? (i & (section - 1)) == 0
                                                         : i % section == 0;
    const float term = exclusive ? (start ? 0.0f : input_value(seed, i - 1)) : input_value(seed, i);
    const float expected = start ? term : out[i - 1] + term;
    if (!(got == expected) && i < first_bad) first_bad = i;
    // + 0.0f: -0 and +0 are the same output.
    sum += mix64(i * 0x9e3779b97f4a7c15ull + __float_as_uint(got + 0.0f));
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
    const unsigned long long other = __shfl_down_sync(0xffffffffu, first_bad, offset);
    first_bad = other < first_bad ? other : first_bad;
  }
  if (threadIdx.x % 32 == 0) {
    atomicAdd(&words->sum, sum);
    if (first_bad != ~0ull) atomicMin(&words->first_bad, first_bad);
  }
}

}  // namespace

float input_element(std::uint64_t seed, std::uint64_t i) {
  // The host's copy of input_value, for the message about a wrong element.
  auto mix = [](unsigned long long x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  };
  return static_cast<float>(static_cast<int>(mix(seed ^ mix(i + 0x9e3779b97f4a7c15ull)) % 17) - 8);
}

void fill_input(float* in, std::uint64_t n, std::uint64_t seed, cudaStream_t stream) {
  if (n == 0) return;
  fill_kernel<<<blocks_for(n), threads, 0, stream>>>(in, n, seed);
}

void check_output(std::uint64_t seed, const float* out, std::uint64_t n, scan_contract contract, check_words* words,
                  cudaStream_t stream) {
  cudaMemsetAsync(&words->first_bad, 0xff, sizeof words->first_bad, stream);
  cudaMemsetAsync(&words->sum, 0, sizeof words->sum, stream);
  if (n == 0) return;
  check_kernel<<<blocks_for(n), threads, 0, stream>>>(seed, out, n, contract.exclusive, contract.section, words);
}

}  // namespace scanlab::grader::timing
