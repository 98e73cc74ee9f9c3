// Run under the cpu-tsan backend by CTest. The racy modes compute the *right* answer on the CPU
// backend under every thread order (a fiber is never interrupted between the read and the write of
// `+=`, and no order of whole threads exposes it), yet lose updates on a GPU; only ThreadSanitizer
// sees them, and the test expects its report to name this file's line. The correct mode uses every
// synchronisation the labs use (barriers, warp shuffles, __syncwarp, atomics) and must stay silent.
#include <cstdio>
#include <cstring>
#include <vector>

// Below 256: newer ThreadSanitizer runtimes (GCC 13 and later) follow at most 255 fibers at once
// (block_scheduler.cpp says so when a block is larger).
constexpr unsigned BLOCK = 128;

// Every thread adds its element to one shared total with a plain `+=`.
__global__ void shared_lost_update(const int* in, int* block_totals) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  total += in[blockIdx.x * blockDim.x + threadIdx.x];  // RACY_SHARED_UPDATE: read-modify-write by all threads
  __syncthreads();
  if (threadIdx.x == 0) block_totals[blockIdx.x] = total;
}

// Each thread peeks at its left neighbour's output in global memory with no barrier in between
// (the value it reads never changes the result: no thread order can show the race).
__global__ void global_neighbour_read(const int* in, int* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  if (threadIdx.x > 0 && out[i - 1] == 12345) out[i] = 0;  // RACY_GLOBAL_READ: no barrier after the writes
}

// Correct: Kogge-Stone with two barriers per step, a warp-shuffle scan and an atomic total.
__global__ void synchronised_scans(const int* in, int* out, int* warp_out, int* total) {
  __shared__ int buffer[BLOCK];
  const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  buffer[t] = in[i];
  __syncthreads();
  for (unsigned stride = 1; stride < BLOCK; stride *= 2) {
    int add = t >= stride ? buffer[t - stride] : 0;
    __syncthreads();
    buffer[t] += add;
    __syncthreads();
  }
  out[i] = buffer[t];
  int v = in[i];
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffffu, v, d);
    if ((t & 31) >= static_cast<unsigned>(d)) v += up;
  }
  __syncwarp();
  warp_out[i] = v;
  atomicAdd(total, in[i]);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  const unsigned blocks = 4, n = blocks * BLOCK;
  std::vector<int> host(n);
  for (unsigned k = 0; k < n; ++k) host[k] = static_cast<int>((k * 7 + 3) % 19) - 9;  // small integers
  int *in = nullptr, *out = nullptr, *warp_out = nullptr, *total = nullptr;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&warp_out, n * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  std::vector<int> got(n), got_warp(n);
  bool right = true;
  if (!std::strcmp(mode, "shared-lost-update")) {
    shared_lost_update<<<blocks, BLOCK>>>(in, out);
    cudaMemcpy(got.data(), out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    for (unsigned b = 0; b < blocks; ++b) {
      int expected = 0;
      for (unsigned k = 0; k < BLOCK; ++k) expected += host[b * BLOCK + k];
      right = right && got[b] == expected;
    }
  } else if (!std::strcmp(mode, "global-neighbour-read")) {
    cudaMemset(out, 0, n * sizeof(int));
    global_neighbour_read<<<blocks, BLOCK>>>(in, out);
    cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (unsigned k = 0; k < n; ++k) right = right && got[k] == host[k];
  } else if (!std::strcmp(mode, "synchronised")) {
    synchronised_scans<<<blocks, BLOCK>>>(in, out, warp_out, total);
    int got_total = 0;
    cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(got_warp.data(), warp_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&got_total, total, sizeof(int), cudaMemcpyDeviceToHost);
    int sum_all = 0;
    for (unsigned k = 0; k < n; ++k) {
      int block_sum = 0, warp_sum = 0;
      for (unsigned j = k - k % BLOCK; j <= k; ++j) block_sum += host[j];
      for (unsigned j = k - k % 32; j <= k; ++j) warp_sum += host[j];
      right = right && got[k] == block_sum && got_warp[k] == warp_sum;
      sum_all += host[k];
    }
    right = right && got_total == sum_all;
  } else {
    std::fprintf(stderr, "usage: tsan_probe shared-lost-update|global-neighbour-read|synchronised\n");
    return 2;
  }
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("mode %s: %s, output %s\n", mode, cudaGetErrorString(err), right ? "right" : "WRONG");
  return err == cudaSuccess && right ? 0 : 1;
}
