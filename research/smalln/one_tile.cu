// research/smalln: where does lab 8's isolated call at small n spend the time a copy does not?
// Links the copy kernel of scanlab-bench, lab 5's and lab 8's advanced references (each compiled
// apart, its scan renamed; lab 8 in the variants one_tile.sh makes with sed), and times isolated calls (L2 flushed, GPU synchronised, event, call,
// event; median of 300) in four forms, round robin:
//   once        - as scanlab-bench times them;
//   twice       - the same call twice between the events: the second finds its code in L2 and its
//                 launch queued behind the first, so twice - once is a warm call's cost;
//   no flush    - the call's code and data left in L2 by the previous call;
//   host only   - the events with nothing between them (the floor of the method).
// `one_tile profile LOG2` instead makes one call of each after a warm-up, for ncu to read.
// Build and run: research/smalln/one_tile.sh (device run).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

void lab5_scan(const float* input, float* output, unsigned n, void*);
// Lab 8's variants, one VARIANT(symbol, "label") line each, written by one_tile.sh.
#define VARIANT(fn, label) void fn(const float*, float*, unsigned, void*);
#include ONE_TILE_VARIANTS
#undef VARIANT

namespace {

__global__ void copy_float4_kernel(const float4* __restrict__ in, float4* __restrict__ out, std::size_t vectors) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < vectors; i += stride) out[i] = in[i];
}

int g_sms = 0;
std::vector<unsigned> g_log2 = {10, 12, 14, 16, 18, 20};  // ONE_TILE_LOG2="10 12 ..." replaces it (at most 22)
void copy_scan(const float* in, float* out, unsigned n, void*) {  // scanlab-bench's copy-float4 (n % 4 == 0)
  const std::size_t vectors = n / 4;
  const std::size_t wanted = (vectors + 255) / 256, cap = std::size_t(g_sms) * 16;
  copy_float4_kernel<<<unsigned(std::min(wanted, cap)), 256>>>(reinterpret_cast<const float4*>(in),
                                                               reinterpret_cast<float4*>(out), vectors);
}
void nothing(const float*, float*, unsigned, void*) {}

using scan_fn = void (*)(const float*, float*, unsigned, void*);
struct entry { const char* name; scan_fn fn; };
const entry kEntries[] = {{"copy", copy_scan}, {"lab5", lab5_scan},
#define VARIANT(fn, label) {label, fn},
#include ONE_TILE_VARIANTS
#undef VARIANT
};
constexpr int kScans = sizeof(kEntries) / sizeof(kEntries[0]);

struct bench_state {
  void* flush = nullptr;
  std::size_t flush_bytes = 0;
  float* in = nullptr;
  float* out = nullptr;
  cudaEvent_t a{}, b{};
};

// One isolated sample in microseconds: `calls` calls between the events, after an optional flush.
float sample_us(bench_state& s, scan_fn fn, unsigned n, int calls, bool flush, int r) {
  if (flush) cudaMemsetAsync(s.flush, r & 0xff, s.flush_bytes);
  cudaDeviceSynchronize();
  cudaEventRecord(s.a);
  for (int c = 0; c < calls; ++c) fn(s.in, s.out, n, nullptr);
  cudaEventRecord(s.b);
  cudaEventSynchronize(s.b);
  float ms = 0;
  cudaEventElapsedTime(&ms, s.a, s.b);
  return ms * 1e3f;
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Lab 8's variants against a host scan: small integers (exact sums), tails, a misaligned input.
bool check_all(bench_state& s) {
  bool ok = true;
  std::vector<float> got(1u << 22), host(1u << 22);
  cudaMemcpy(host.data(), s.in, host.size() * sizeof(float), cudaMemcpyDeviceToHost);
  for (int e = 2; e < kScans; ++e) {
    if (std::strncmp(kEntries[e].name, "diag", 4) == 0) continue;  // wrong on purpose (variant_edits.py)
    for (unsigned n : {1u, 1000u, 4096u, 4097u, 65535u, (1u << 20) - 3, 1u << 20, (1u << 20) + 5, 3000000u})
      for (unsigned offset : {0u, 1u}) {
        cudaMemset(s.out, 0xff, (n + 1) * sizeof(float));  // NaN poison
        kEntries[e].fn(s.in + offset, s.out + offset, n, nullptr);
        cudaMemcpy(got.data(), s.out + offset, n * sizeof(float), cudaMemcpyDeviceToHost);
        double sum = 0;
        unsigned wrong = 0;
        for (unsigned i = 0; i < n; ++i) wrong += got[i] != float(sum += host[i + offset]);
        if (wrong != 0) std::printf("CHECK FAILED: %s n = %u offset %u: %u wrong\n", kEntries[e].name, n, offset, wrong);
        ok = ok && wrong == 0;
      }
  }
  std::printf("check of lab 8's variants: %s\n", ok ? "all right" : "FAILED");
  return ok;
}

void time_all(bench_state& s) {
  struct form { const char* name; int calls; bool flush; };
  const form forms[] = {{"once", 1, true}, {"twice", 2, true}, {"no-flush", 1, false}};
  const int reps = 300;
  std::printf("%-6s %-12s %9s %9s %9s   (us, median of %d isolated calls; host-only floor below)\n", "log2n", "scan",
              forms[0].name, forms[1].name, forms[2].name, reps);
  for (unsigned k : g_log2) {
    const unsigned n = 1u << k;
    const int entries = kScans;
    std::vector<float> t[kScans][3];
    for (int r = 0; r < reps; ++r)  // round robin: every entry and form shares the run's drift
      for (int e = 0; e < entries; ++e)
        for (int f = 0; f < 3; ++f) t[e][f].push_back(sample_us(s, kEntries[e].fn, n, forms[f].calls, forms[f].flush, r));
    for (int e = 0; e < entries; ++e)
      std::printf("2^%-4u %-12s %9.2f %9.2f %9.2f\n", k, kEntries[e].name, median(t[e][0]), median(t[e][1]),
                  median(t[e][2]));
  }
  std::vector<float> floor_us;
  for (int r = 0; r < reps; ++r) floor_us.push_back(sample_us(s, nothing, 0, 1, true, r));
  std::printf("host-only floor (events with nothing between): %.2f us\n", median(floor_us));
}

// "10 12 14" -> {10, 12, 14}: the sizes' exponents of ONE_TILE_LOG2 and ONE_TILE_STREAM_LOG2.
std::vector<unsigned> parse_log2_list(const char* text) {
  std::vector<unsigned> log2s;
  for (char* end = nullptr;; text = end) {
    const unsigned long k = std::strtoul(text, &end, 10);
    if (end == text) break;
    log2s.push_back(unsigned(k));
  }
  return log2s;
}

// Input i = (i % 7) - 3: every inclusive sum is a small integer, (r + 1)(r / 2 - 3) with r = i % 7.
__global__ void fill_pattern(float* in, std::size_t n) {
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    in[i] = float(int(i % 7) - 3);
}
__global__ void count_wrong(const float* out, std::size_t n, unsigned long long* wrong) {
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    const int r = int(i % 7);
    if (out[i] != float((r + 1) * r / 2 - 3 * (r + 1))) atomicAdd(wrong, 1ull);
  }
}

// Back to back at large n (ONE_TILE_STREAM_LOG2="26 28 30"): each call timed alone with events,
// median of 20, round robin with cudaMemcpy and the copy kernel; the fraction is of cudaMemcpy's
// median in the same run. For diagnostics such as variant_edits.py's diagnowaitstaged (target 1).
void time_stream(const std::vector<unsigned>& log2s) {
  for (unsigned k : log2s) {
    const std::size_t n = std::size_t(1) << k;
    float *in = nullptr, *out = nullptr;
    if (cudaMalloc(&in, n * 4) != cudaSuccess || cudaMalloc(&out, n * 4) != cudaSuccess) {
      std::printf("stream 2^%u: no memory\n", k);
      return;
    }
    fill_pattern<<<1024, 256>>>(in, n);
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    const int reps = 20;
    std::vector<float> t[kScans + 1];
    for (int r = 0; r < reps + 2; ++r)
      for (int e = 0; e <= kScans; ++e) {
        cudaEventRecord(a);
        if (e == kScans) cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice);
        else if (e != 1) kEntries[e].fn(in, out, unsigned(n), nullptr);  // lab 5 is no single pass: skipped
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        if (r >= 2) t[e].push_back(ms * 1e3f);  // two warm-up rounds
      }
    const float memcpy_us = median(t[kScans]);
    std::printf("stream 2^%u memcpy %.1f us\n", k, memcpy_us);
    for (int e = 0; e < kScans; ++e)
      if (e != 1) std::printf("stream 2^%-3u %-24s %9.1f us  %.3f of memcpy\n", k, kEntries[e].name, median(t[e]),
                              memcpy_us / median(t[e]));
    unsigned long long* wrong = nullptr;
    cudaMalloc(&wrong, sizeof *wrong);
    for (int e = 2; e < kScans; ++e) {
      if (std::strncmp(kEntries[e].name, "diag", 4) == 0) continue;  // wrong on purpose
      cudaMemset(out, 0xff, n * 4);  // NaN poison
      cudaMemset(wrong, 0, sizeof *wrong);
      kEntries[e].fn(in, out, unsigned(n), nullptr);
      count_wrong<<<1024, 256>>>(out, n, wrong);
      unsigned long long h = 0;
      cudaMemcpy(&h, wrong, sizeof h, cudaMemcpyDeviceToHost);
      std::printf("stream 2^%-3u %-24s check: %s (%llu wrong)\n", k, kEntries[e].name, h == 0 ? "all right" : "FAILED", h);
    }
    cudaFree(wrong);
    cudaFree(in);
    cudaFree(out);
  }
}

}  // namespace

int main(int argc, char** argv) {
  cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0);
  if (const char* sizes = std::getenv("ONE_TILE_LOG2")) {
    g_log2 = parse_log2_list(sizes);
    for (unsigned k : g_log2)
      if (k > 22) { std::printf("ONE_TILE_LOG2: at most 22\n"); return 1; }
  }
  bench_state s;
  s.flush_bytes = std::size_t(256) << 20;
  cudaMalloc(&s.flush, s.flush_bytes);
  cudaMalloc(&s.in, sizeof(float) << 22);
  cudaMalloc(&s.out, sizeof(float) << 22);
  std::vector<float> host(1u << 22);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = float(int(i % 7) - 3);
  cudaMemcpy(s.in, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaEventCreate(&s.a);
  cudaEventCreate(&s.b);
  for (const entry& e : kEntries) e.fn(s.in, s.out, 1u << 20, nullptr);  // warm-up: modules loaded
  cudaDeviceSynchronize();

  if (argc >= 3 && std::strcmp(argv[1], "profile") == 0) {
    const unsigned n = 1u << std::atoi(argv[2]);
    for (int e = 0; e < kScans; ++e) sample_us(s, kEntries[e].fn, n, 1, true, e);
  } else if (check_all(s)) {
    if (const char* stream = std::getenv("ONE_TILE_STREAM_LOG2")) {
      cudaFree(s.flush);  // room for the large buffers
      time_stream(parse_log2_list(stream));
    } else {
      time_all(s);
    }
  }
  const cudaError_t err = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
