// Lab 8's advanced reference on a GPU: is its float output the same bits in every run, and how
// fast is it next to a copy, CUB's default scan and CUB's run-to-run deterministic scan (CCCL's
// determinism requirement), all measured in this one run (issue 42).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cccl-pypi/include -I labs/lab8-single-pass \
//        bench/device/determinism.cu -o determinism && ./determinism [log2 n ...]
//
// Per n: the same input (random floats in [-0.5, 0.5), fixed seed) scanned RUNS times by each
// implementation; the first output is kept on the device and every later one is compared with
// it bit for bit ("runs differing": how many of the later runs had any bit different). Then
// times: each implementation and cudaMemcpy (device to device) in turn, round robin, after a
// warm-up, CUDA events, the median. "of copy" = copy time / scan time.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda/__execution/determinism.h>
#include <cuda/__execution/require.h>

// -DLAB8_REFERENCE='"file"' -DLAB8_NAME='"name"': another version of the reference (an earlier
// commit's, to compare before and after in one run).
#ifndef LAB8_REFERENCE
#define LAB8_REFERENCE "../../solutions/lab8-single-pass/decoupled_lookback.cu"
#define LAB8_NAME "lab8-advanced"
#endif
#include LAB8_REFERENCE

#define CHECK(call)                                                                                     \
  do {                                                                                                  \
    cudaError_t e_ = (call);                                                                            \
    if (e_ != cudaSuccess) {                                                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));       \
      std::exit(1);                                                                                     \
    }                                                                                                   \
  } while (0)

namespace {

constexpr int RUNS = 20;

__global__ void fill_random(float* x, std::size_t n, unsigned long long seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    unsigned long long z = seed + i * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    x[i] = float(z >> 40) / float(1 << 24) - 0.5f;  // 24 random bits: [-0.5, 0.5)
  }
}

__global__ void count_differences(const unsigned* a, const unsigned* b, std::size_t n, unsigned long long* count) {
  unsigned long long mine = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    mine += a[i] != b[i];
  if (mine) atomicAdd(count, mine);
}

struct implementation {
  std::string name;
  std::function<void(const float*, float*, unsigned)> run;
};

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> log2s;
  for (int i = 1; i < argc; ++i) log2s.push_back(std::atoi(argv[i]));
  if (log2s.empty()) log2s = {10, 16, 20, 22, 24, 26, 27, 28, 29, 30};
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, CCCL %d.%d.%d (CUB from the include path given)\n", prop.name, CCCL_MAJOR_VERSION,
              CCCL_MINOR_VERSION, CCCL_PATCH_VERSION);
  const std::size_t max_n = std::size_t(1) << *std::max_element(log2s.begin(), log2s.end());
  float *in = nullptr, *out = nullptr, *first = nullptr;
  CHECK(cudaMalloc(&in, max_n * sizeof(float)));
  CHECK(cudaMalloc(&out, max_n * sizeof(float)));
  CHECK(cudaMalloc(&first, max_n * sizeof(float)));
  unsigned long long* diff = nullptr;
  CHECK(cudaMalloc(&diff, sizeof(unsigned long long)));
  void* workspace = nullptr;
  std::size_t workspace_bytes = scan_workspace_bytes(static_cast<unsigned>(std::min<std::size_t>(max_n, 0xffffffffu)));
  if (workspace_bytes) CHECK(cudaMalloc(&workspace, workspace_bytes));
  void* cub_temp = nullptr;
  std::size_t cub_temp_bytes = 0;
  CHECK(cub::DeviceScan::InclusiveSum(nullptr, cub_temp_bytes, in, out, static_cast<int>(std::min<std::size_t>(max_n, 1u << 30))));
  CHECK(cudaMalloc(&cub_temp, cub_temp_bytes));
  cudaMemPool_t pool;  // the deterministic scan's env API allocates its own temporary storage: keep it pooled
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long keep = ~0ull;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));

  const std::vector<implementation> impls = {
      {LAB8_NAME, [&](const float* i, float* o, unsigned n) { scan(i, o, n, workspace); }},
      {"cub-default",
       [&](const float* i, float* o, unsigned n) {
         std::size_t bytes = cub_temp_bytes;
         CHECK(cub::DeviceScan::InclusiveSum(cub_temp, bytes, i, o, static_cast<int>(n)));
       }},
      {"cub-run-to-run",
       [&](const float* i, float* o, unsigned n) {
         const auto env = cuda::execution::require(cuda::execution::determinism::run_to_run);
         CHECK(cub::DeviceScan::InclusiveSum(i, o, static_cast<int>(n), env));
       }},
  };

  std::printf("%-16s %6s %14s %16s %12s %12s %9s\n", "implementation", "log2n", "runs differing", "elements differing",
              "median us", "copy us", "of copy");
  for (int lg : log2s) {
    const unsigned n = lg >= 32 ? 0xffffffffu : static_cast<unsigned>(std::size_t(1) << lg);
    fill_random<<<1024, 256>>>(in, n, 0x5eed0000ull + lg);
    CHECK(cudaDeviceSynchronize());
    // Times: round robin over the implementations and the copy, after a warm-up.
    const int reps = lg <= 22 ? 200 : lg <= 26 ? 50 : 15;
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<std::vector<float>> times(impls.size() + 1);
    for (int r = -3; r < reps; ++r) {
      for (std::size_t k = 0; k <= impls.size(); ++k) {
        CHECK(cudaEventRecord(start));
        if (k == impls.size()) CHECK(cudaMemcpyAsync(out, in, std::size_t(n) * sizeof(float), cudaMemcpyDeviceToDevice));
        else impls[k].run(in, out, n);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (r >= 0) times[k].push_back(ms * 1000.0f);
      }
    }
    const float copy_us = median(times[impls.size()]);
    for (std::size_t k = 0; k < impls.size(); ++k) {
      impls[k].run(in, first, n);
      CHECK(cudaDeviceSynchronize());
      int runs_differing = 0;
      unsigned long long most = 0;
      for (int r = 1; r < RUNS; ++r) {
        CHECK(cudaMemset(out, 0xff, std::size_t(n) * sizeof(float)));
        impls[k].run(in, out, n);
        CHECK(cudaMemset(diff, 0, sizeof *diff));
        count_differences<<<1024, 256>>>(reinterpret_cast<const unsigned*>(first), reinterpret_cast<const unsigned*>(out), n, diff);
        unsigned long long d = 0;
        CHECK(cudaMemcpy(&d, diff, sizeof d, cudaMemcpyDeviceToHost));
        runs_differing += d != 0;
        most = std::max(most, d);
      }
      const float us = median(times[k]);
      std::printf("%-16s %6d %11d/%d %16llu %12.1f %12.1f %9.3f\n", impls[k].name.c_str(), lg, runs_differing, RUNS - 1,
                  most, us, copy_us, copy_us / us);
    }
    std::fflush(stdout);
  }
  return 0;
}
