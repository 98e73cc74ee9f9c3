// What every scan is measured against: the two copies (the ceiling: a scan moves the same bytes)
// and the library scans (CUB's single-pass DeviceScan, with CCCL 3.4+ also its run-to-run
// deterministic mode as "cub-run-to-run", thrust's inclusive_scan as users call it).
// CUB and thrust come from the CCCL that -DSCANLAB_BENCH_CCCL_INCLUDE names (bench/get_cccl.sh:
// PyPI's newest), else from the toolkit's; with the former, the toolkit's CUB is also measured,
// as "cub-toolkit" (gpu_cub_toolkit.cu), in the same run.
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include "bench_gpu.h"
#include "cub_baseline.cuh"

// CUB's run-to-run deterministic scan, where this CCCL has it (3.4+; PyPI's, not CUDA 13.0's).
#if __has_include(<cuda/__execution/determinism.h>) && __has_include(<cuda/__execution/require.h>) && \
    CUB_MAJOR_VERSION * 1000 + CUB_MINOR_VERSION >= 3004
#include <cuda/__execution/determinism.h>
#include <cuda/__execution/require.h>
#define SCANLAB_BENCH_CUB_RUN_TO_RUN 1
#else
#define SCANLAB_BENCH_CUB_RUN_TO_RUN 0
#endif

namespace scanlab::bench {
namespace {

__global__ void copy_float4_kernel(const float4* __restrict__ in, float4* __restrict__ out, std::size_t vectors) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < vectors; i += stride) out[i] = in[i];
}
__global__ void copy_tail_kernel(const float* __restrict__ in, float* __restrict__ out, std::size_t from, std::size_t n) {
  const std::size_t i = from + threadIdx.x;
  if (i < n) out[i] = in[i];
}

void copy_float4(const float* in, float* out, unsigned n, void*) {
  const std::size_t vectors = n / 4;
  if (vectors > 0) {
    // Enough blocks to fill every SM several times; each thread then walks the array.
    static int sms = 0;
    if (sms == 0) cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const std::size_t wanted = (vectors + 255) / 256;
    const std::size_t cap = std::size_t(sms) * 16;
    const unsigned blocks = static_cast<unsigned>(wanted < cap ? wanted : cap);
    copy_float4_kernel<<<blocks, 256>>>(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out), vectors);
  }
  if (n % 4 != 0) copy_tail_kernel<<<1, 4>>>(in, out, vectors * 4, n);
}

void copy_memcpy(const float* in, float* out, unsigned n, void*) {
  cudaMemcpyAsync(out, in, std::size_t(n) * sizeof(float), cudaMemcpyDeviceToDevice, 0);
}

void thrust_scan(const float* in, float* out, unsigned n, void*) {
  thrust::inclusive_scan(thrust::device, in, in + n, out);
}

std::size_t no_workspace(unsigned) { return 0; }

#if SCANLAB_BENCH_CUB_RUN_TO_RUN
// CUB's answer to determinism (CCCL 3.4+): the same call with an environment that requires
// run-to-run determinism, which selects a separate scan (on Hopper a warp-specialised look-ahead).
// That form allocates its temporary storage itself, stream-ordered from the device's default
// pool; the pool keeps what it freed (release threshold: never), so timed calls reuse it, as they
// would in a program that scans repeatedly.
void keep_pool_memory() {
  static bool done = false;
  if (done) return;
  done = true;
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, 0) != cudaSuccess) return;
  unsigned long long keep = ~0ull;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
}

std::size_t cub_run_to_run_workspace(unsigned) {
  keep_pool_memory();
  return 0;
}

void cub_run_to_run_scan(const float* in, float* out, unsigned n, void*) {
  const auto env = cuda::execution::require(cuda::execution::determinism::run_to_run);
  // An error leaves the poisoned output in place, which the exact check reports.
  (void)cub::DeviceScan::InclusiveSum(in, out, static_cast<int>(n), env);
}
#endif

}  // namespace

#ifdef SCANLAB_BENCH_CCCL_FROM_OPTION
std::string cub_version() {
  return cub_version_text() + " (" SCANLAB_BENCH_CCCL_FROM_OPTION "); cub-toolkit " + toolkit_cub_version();
}
#else
std::string cub_version() { return cub_version_text() + " (the CUDA toolkit's)"; }
#endif

void add_baselines(std::vector<implementation>& out) {
  out.push_back({"memcpy", "baseline", 0, output_kind::copy, 0, max_elements, &no_workspace, &copy_memcpy});
  out.push_back({"copy-float4", "baseline", 0, output_kind::copy, 0, max_elements, &no_workspace, &copy_float4});
  out.push_back({"cub", "baseline", 0, output_kind::inclusive, 0, max_elements, &cub_workspace, &cub_scan});
#ifdef SCANLAB_BENCH_CCCL_FROM_OPTION
  add_toolkit_cub(out);
#endif
#if SCANLAB_BENCH_CUB_RUN_TO_RUN
  out.push_back({"cub-run-to-run", "baseline", 0, output_kind::inclusive, 0, max_elements, &cub_run_to_run_workspace,
                 &cub_run_to_run_scan});
#endif
  out.push_back({"thrust", "baseline", 0, output_kind::inclusive, 0, max_elements, &no_workspace, &thrust_scan});
}

}  // namespace scanlab::bench
