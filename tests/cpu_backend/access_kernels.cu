// Kernels written the way students write them, for the access checks' tests: each bug next to a
// correct kernel that must raise no finding. Markers in comments name the lines reports must cite.
#include "access_kernels.h"

#define BLOCK 256

namespace access_probe {

namespace {

// Double buffering whose "which buffer" flag thread 0 flips while other threads may still be
// reading it for the step that just ended.
__global__ void flag_flipped_early(const float* in, float* out, unsigned n) {
  __shared__ float buf[2][BLOCK];
  __shared__ int which;
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  if (t == 0) which = 0;
  buf[0][t] = i < n ? in[i] : 0.0f;
  __syncthreads();  // FIRST_BARRIER
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    float v = buf[which][t];  // READS_FLAG
    if (t >= stride) v += buf[which][t - stride];
    buf[1 - which][t] = v;
    __syncthreads();  // LOOP_BARRIER
    if (t == 0) which = 1 - which;  // FLIPS_FLAG
  }
  if (i < n) out[i] = buf[which][t];
}

// The same with the flip behind a second barrier: correct.
__global__ void flag_flipped_safely(const float* in, float* out, unsigned n) {
  __shared__ float buf[2][BLOCK];
  __shared__ int which;
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  if (t == 0) which = 0;
  buf[0][t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    float v = buf[which][t];
    if (t >= stride) v += buf[which][t - stride];
    buf[1 - which][t] = v;
    __syncthreads();
    if (t == 0) which = 1 - which;
    __syncthreads();
  }
  if (i < n) out[i] = buf[which][t];
}

// A tail block loads only its valid elements, then every thread reads a mirrored one.
__global__ void mirrored_tail(const float* in, float* out, unsigned n) {
  __shared__ float tile[BLOCK];
  unsigned t = threadIdx.x;
  if (t < n) tile[t] = in[t];
  __syncthreads();
  if (t < n) out[t] = tile[t] + tile[BLOCK - 1 - t];  // READS_UNWRITTEN
}

// In place in global memory: thread i reads out[i - 1] while thread i - 1 writes it.
__global__ void neighbour_in_global(const float* in, float* out, unsigned n) {
  unsigned i = threadIdx.x;
  if (i < n) out[i] = in[i];  // WRITES_GLOBAL
  if (i > 0 && i < n) out[i] = out[i] + out[i - 1];  // READS_NEIGHBOUR
}

// Correct code of the kinds the checks must stay quiet about: a counter bumped with atomics (int
// literals into unsigned atomics), warp shuffles, lanes ordered by __syncwarp, and the usual scan.
__global__ void quiet_patterns(const float* in, float* out, unsigned n, unsigned* total) {
  __shared__ unsigned count;
  __shared__ float warp_sums[BLOCK / 32];
  __shared__ float lane_values[BLOCK];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  if (t == 0) count = 0;
  __syncthreads();
  float x = t < n ? in[t] : 0.0f;
  if (x > 0) atomicAdd(&count, 1);
  for (int d = 1; d < 32; d *= 2) {
    float y = __shfl_up_sync(0xffffffff, x, d);
    if (lane >= d) x += y;
  }
  lane_values[t] = x;
  __syncwarp();
  float neighbour = lane > 0 ? lane_values[t - 1] : 0.0f;  // written by another lane before __syncwarp
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  float offset = 0;
  for (unsigned w = 0; w < warp; ++w) offset += warp_sums[w];
  if (t < n) out[t] = x + offset + 0.0f * neighbour;
  __syncthreads();
  if (t == 0) atomicAdd(total, count);
}

// Harmless by the checks' rules, as students write it: every thread stores the same value to one
// word (a "done" flag, the block size), and the CUDA Programming Guide's atomicAdd for doubles,
// whose atomicCAS loop first reads the word plainly.
__device__ double add_double(double* address, double val) {
  unsigned long long int* address_as_ull = (unsigned long long int*)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void same_value_and_cas(const float* in, float* out, unsigned n, double* total) {
  __shared__ int done;
  unsigned t = threadIdx.x;
  done = 1;
  out[0] = blockDim.x;
  if (t < n) add_double(total, in[t]);
  __syncthreads();
  if (t > 0 && t < n) out[t] = done;
}

float* device_copy(const std::vector<float>& in) {
  float* d = nullptr;
  cudaMalloc(&d, in.size() * sizeof(float));
  cudaMemcpy(d, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
  return d;
}

std::vector<float> finish(float* d_in, float* d_out, unsigned n) {
  std::vector<float> out(n);
  cudaDeviceSynchronize();
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  return out;
}

}  // namespace

std::vector<float> run(kernel k, const std::vector<float>& in) {
  const unsigned n = static_cast<unsigned>(in.size());
  float* d_in = device_copy(in);
  float* d_out = nullptr;
  cudaMalloc(&d_out, n * sizeof(float));
  unsigned* total = nullptr;
  cudaMalloc(&total, sizeof(unsigned));
  cudaMemset(total, 0, sizeof(unsigned));
  const unsigned blocks = (n + BLOCK - 1) / BLOCK;
  switch (k) {
    case kernel::flag_flipped_early: flag_flipped_early<<<blocks, BLOCK>>>(d_in, d_out, n); break;
    case kernel::flag_flipped_safely: flag_flipped_safely<<<blocks, BLOCK>>>(d_in, d_out, n); break;
    case kernel::mirrored_tail: mirrored_tail<<<1, BLOCK>>>(d_in, d_out, n); break;
    case kernel::neighbour_in_global: neighbour_in_global<<<1, BLOCK>>>(d_in, d_out, n); break;
    case kernel::quiet_patterns: quiet_patterns<<<1, BLOCK>>>(d_in, d_out, n, total); break;
    case kernel::same_value_and_cas: {
      double* sum = nullptr;
      cudaMalloc(&sum, sizeof(double));
      cudaMemset(sum, 0, sizeof(double));
      same_value_and_cas<<<1, BLOCK>>>(d_in, d_out, n, sum);
      cudaDeviceSynchronize();
      cudaFree(sum);
      break;
    }
  }
  cudaFree(total);
  return finish(d_in, d_out, n);
}

}  // namespace access_probe
