#include "timing.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "run/gpu_lock.h"

namespace scanlab::grader::timing {

namespace {

using steady = std::chrono::steady_clock;
using workspace_bytes_fn = std::size_t (*)(unsigned);
using scan_fn = void (*)(const float*, float*, unsigned, void*);

// Device time after the stop event that is not counted: a device-wide synchronize of an idle GPU
// costs a few microseconds. More than this is work the call left running, and it counts.
constexpr double leftover_allowance_ms = 0.02;

double ms_between(steady::time_point a, steady::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

void tell(FILE* protocol, const std::string& line) {
  std::fprintf(protocol, "%s\n", line.c_str());
  std::fflush(protocol);
}

struct entry_points {
  workspace_bytes_fn workspace = nullptr;
  scan_fn scan = nullptr;
};

// The same symbols runner_main.cpp loads (the lab's two functions, by their C++ names).
bool load(const std::string& path, entry_points& e, std::string& why) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    why = dlerror();
    return false;
  }
  e.workspace = reinterpret_cast<workspace_bytes_fn>(dlsym(handle, "_Z20scan_workspace_bytesj"));
  e.scan = reinterpret_cast<scan_fn>(dlsym(handle, "_Z4scanPKfPfjPv"));
  if (!e.workspace || !e.scan) why = "the object lacks scan() or scan_workspace_bytes()";
  return e.workspace && e.scan;
}

// The buffers and events of one timed run.
struct bench {
  std::uint64_t n = 0;
  std::size_t bytes = 0, flush_bytes = 0;
  float* in = nullptr;
  float* out = nullptr;
  void* workspace = nullptr;
  void* flush = nullptr;
  check_words* words = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;

  bool allocate(std::uint64_t elements, std::size_t workspace_bytes) {
    n = elements;
    bytes = n * sizeof(float);
    int l2 = 0;
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0);
    // Every timed call starts with the L2 holding none of its input: the fresh input was just
    // written, and its last megabytes would otherwise still be there.
    flush_bytes = static_cast<std::size_t>(l2) * 2;
    bool ok = cudaMalloc(&in, std::max<std::size_t>(bytes, 4)) == cudaSuccess &&
              cudaMalloc(&out, std::max<std::size_t>(bytes, 4)) == cudaSuccess &&
              cudaMalloc(&workspace, std::max<std::size_t>(workspace_bytes, 1)) == cudaSuccess &&
              cudaMalloc(reinterpret_cast<void**>(&words), sizeof(check_words)) == cudaSuccess;
    if (ok && flush_bytes > 0) ok = cudaMalloc(&flush, flush_bytes) == cudaSuccess;
    return ok && cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess;
  }
  // A server goes on in this context: the memory goes back.
  ~bench() {
    for (void* p : {static_cast<void*>(in), static_cast<void*>(out), workspace, flush, static_cast<void*>(words)})
      if (p) cudaFree(p);
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
  }
};

struct call_result {
  double ms = 0;            // the events' interval plus leftover work: the call's time
  double leftover_ms = 0;   // device busy after the stop event, beyond the allowance (else 0)
  double iteration_ms = 0;  // host clock over the whole iteration: input, flush, call, check
  cudaError_t err = cudaSuccess;
  bool wrong = false;
  std::uint64_t index = 0;
  float expected = 0, got = 0;
  std::uint64_t sum = 0;
};

// One call on the input of `seed`: made and flushed (not timed), timed between the events, the
// device drained, then the output checked (not timed) when `check`.
template <class Call>
call_result timed_call(bench& b, std::uint64_t seed, bool check, const scan_contract& contract, Call&& call) {
  call_result r;
  const steady::time_point begin = steady::now();
  fill_input(b.in, b.n, seed, nullptr);
  if (b.flush) cudaMemsetAsync(b.flush, static_cast<int>(seed & 0xff), b.flush_bytes, nullptr);
  cudaDeviceSynchronize();
  cudaEventRecord(b.start, nullptr);
  call();
  cudaEventRecord(b.stop, nullptr);
  const cudaError_t at_stop = cudaEventSynchronize(b.stop);
  const steady::time_point stopped = steady::now();
  // Work the call left on other streams (a non-blocking stream does not wait for the legacy
  // stream's events): the device is idle only now.
  const cudaError_t at_idle = cudaDeviceSynchronize();
  const steady::time_point idle = steady::now();
  const cudaError_t last = cudaGetLastError();
  r.err = at_stop != cudaSuccess ? at_stop : at_idle != cudaSuccess ? at_idle : last;
  float event_ms = 0;
  cudaEventElapsedTime(&event_ms, b.start, b.stop);
  const double drained = ms_between(stopped, idle);
  r.leftover_ms = drained > leftover_allowance_ms ? drained : 0;
  r.ms = event_ms + r.leftover_ms;
  if (check && r.err == cudaSuccess) {
    check_output(seed, b.out, b.n, contract, b.words, nullptr);
    check_words w{};
    r.err = cudaMemcpy(&w, b.words, sizeof w, cudaMemcpyDeviceToHost);
    r.sum = w.sum;
    if (r.err == cudaSuccess && w.first_bad != ~0ull) {
      r.wrong = true;
      r.index = w.first_bad;
      float before = 0;
      cudaMemcpy(&r.got, b.out + r.index, sizeof(float), cudaMemcpyDeviceToHost);
      if (r.index > 0) cudaMemcpy(&before, b.out + r.index - 1, sizeof(float), cudaMemcpyDeviceToHost);
      const bool start = contract.section == 0 ? r.index == 0 : r.index % contract.section == 0;
      const float term = contract.exclusive ? (start ? 0.0f : input_element(seed, r.index - 1))
                                            : input_element(seed, r.index);
      r.expected = start ? term : before + term;
    }
  }
  r.iteration_ms = ms_between(begin, steady::now());
  return r;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Reads the grader's "seeds s1 s2 ..." line.
bool read_seeds(FILE* answers, std::vector<std::uint64_t>& seeds) {
  static char line[1 << 16];
  if (!std::fgets(line, sizeof line, answers)) return false;
  if (std::strncmp(line, "seeds", 5) != 0) return false;
  seeds.clear();
  for (char* p = line + 5;;) {
    char* end = nullptr;
    const unsigned long long s = std::strtoull(p, &end, 10);
    if (end == p) break;
    seeds.push_back(s);
    p = end;
  }
  return !seeds.empty();
}

std::string hex(std::uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "%016" PRIx64, v);
  return text;
}

// The record's common fields: "cuda=<error> calls=<timed calls> sums=<checksum,...> wrong=<...>".
std::string common_fields(cudaError_t err, std::size_t timed, const std::vector<std::uint64_t>& sums,
                          const std::optional<std::pair<int, call_result>>& wrong) {
  std::string s = std::string("cuda=") + cudaGetErrorName(err) + " calls=" + std::to_string(timed) + " sums=";
  for (std::size_t k = 0; k < sums.size(); ++k) s += (k ? "," : "") + hex(sums[k]);
  if (sums.empty()) s += "-";
  if (wrong) {
    char text[128];
    std::snprintf(text, sizeof text, " wrong=%d:%" PRIu64 ":%.9g:%.9g", wrong->first, wrong->second.index,
                  static_cast<double>(wrong->second.expected), static_cast<double>(wrong->second.got));
    s += text;
  }
  return s;
}

}  // namespace

int time_student(const request& req, FILE* protocol, FILE* answers) {
  entry_points e;
  std::string why;
  if (!load(req.object, e, why)) {
    tell(protocol, "timing failed=cannot-load " + why);
    return 1;
  }
  const unsigned n = static_cast<unsigned>(req.n);
  std::optional<gpu_lock> lock(std::in_place, gpu_lock::mode::shared);
  bench b;
  if (!b.allocate(req.n, e.workspace(n))) {
    tell(protocol, "timing failed=cudaMalloc");
    return 1;
  }
  cudaDeviceSynchronize();  // nothing left from an earlier case
  lock.reset();
  lock.emplace(gpu_lock::mode::exclusive);  // the GPU to itself, for the measurement only
  auto scan = [&] { e.scan(b.in, b.out, n, b.workspace); };
  std::vector<std::uint64_t> sums;
  std::vector<double> times;
  std::optional<std::pair<int, call_result>> wrong;
  cudaError_t err = cudaSuccess;
  int leftover_calls = 0;
  double leftover_max = 0;
  int call_number = 0;
  // Warm-up after "call", timed calls after "timed": each answered with its seeds by the grader.
  tell(protocol, "call");
  for (const char* phase : {"warmup", "timed"}) {
    if (std::strcmp(phase, "timed") == 0) tell(protocol, "timed");
    std::vector<std::uint64_t> seeds;
    if (!read_seeds(answers, seeds)) {
      tell(protocol, "returned");
      tell(protocol, "timing failed=no-seeds");
      return 0;
    }
    for (std::uint64_t seed : seeds) {
      const call_result r = timed_call(b, seed, true, req.contract, scan);
      ++call_number;
      sums.push_back(r.sum);
      if (r.err != cudaSuccess) err = r.err;
      if (r.wrong) wrong.emplace(call_number, r);
      if (err != cudaSuccess || wrong) break;
      if (std::strcmp(phase, "timed") != 0) continue;
      times.push_back(r.ms);
      if (r.leftover_ms > 0) ++leftover_calls;
      leftover_max = std::max(leftover_max, r.leftover_ms);
    }
    if (err != cudaSuccess || wrong) break;
  }
  tell(protocol, "returned");
  lock.reset();
  char numbers[160];
  std::snprintf(numbers, sizeof numbers, " median_ms=%.6f leftover_calls=%d leftover_max_ms=%.6f", median(times),
                leftover_calls, leftover_max);
  tell(protocol, "timing " + common_fields(err, times.size(), sums, wrong) + numbers);
  return err == cudaSuccess ? 0 : 1;
}

int time_baseline(const request& req, FILE* protocol) {
  entry_points e;
  std::string why;
  if (!load(req.object, e, why)) {
    tell(protocol, "baseline failed=cannot-load " + why);
    return 1;
  }
  const unsigned n = static_cast<unsigned>(req.n);
  std::optional<gpu_lock> lock(std::in_place, gpu_lock::mode::shared);
  bench b;
  if (!b.allocate(req.n, e.workspace(n))) {
    tell(protocol, "baseline failed=cudaMalloc");
    return 1;
  }
  cudaDeviceSynchronize();
  lock.reset();
  lock.emplace(gpu_lock::mode::exclusive);
  auto copy = [&] { cudaMemcpyAsync(b.out, b.in, b.bytes, cudaMemcpyDeviceToDevice, nullptr); };
  auto reference = [&] { e.scan(b.in, b.out, n, b.workspace); };
  std::vector<std::uint64_t> sums;
  std::vector<double> copy_ms, reference_ms, overhead_ms;
  std::optional<std::pair<int, call_result>> wrong;
  cudaError_t err = cudaSuccess;
  tell(protocol, "call");
  // The copy and the reference in turns, on the same inputs: a drift of the clocks reaches both.
  for (std::size_t k = 0; k < req.seeds.size() && err == cudaSuccess && !wrong; ++k) {
    const call_result c = timed_call(b, req.seeds[k], false, req.contract, copy);
    const call_result r = timed_call(b, req.seeds[k], true, req.contract, reference);
    sums.push_back(r.sum);
    err = c.err != cudaSuccess ? c.err : r.err;
    if (r.wrong) wrong.emplace(static_cast<int>(k + 1), r);
    if (static_cast<int>(k) < req.warmup) continue;
    copy_ms.push_back(c.ms);
    reference_ms.push_back(r.ms);
    // What a timed call's iteration costs besides the call: the grader subtracts it from its own
    // clock over the student's timed calls (grader/src/score/timing_report.h).
    overhead_ms.push_back(r.iteration_ms - r.ms);
  }
  tell(protocol, "returned");
  lock.reset();
  char numbers[160];
  std::snprintf(numbers, sizeof numbers, " copy_ms=%.6f reference_ms=%.6f overhead_ms=%.6f", median(copy_ms),
                median(reference_ms), median(overhead_ms));
  tell(protocol, "baseline " + common_fields(err, reference_ms.size(), sums, wrong) + numbers);
  return err == cudaSuccess ? 0 : 1;
}

bool parse_request(const std::vector<std::string>& f, request& r) {
  // time      <object> <n> <exclusive 0|1> <section>
  // baseline  <object> <n> <exclusive 0|1> <section> <warm-up calls> <seed,seed,...>
  const bool baseline = !f.empty() && f[0] == "baseline";
  if (f.size() != (baseline ? 7u : 5u)) return false;
  r.object = f[1];
  r.n = std::strtoull(f[2].c_str(), nullptr, 10);
  r.contract.exclusive = f[3] == "1";
  r.contract.section = std::strtoull(f[4].c_str(), nullptr, 10);
  if (!baseline) return true;
  r.warmup = std::atoi(f[5].c_str());
  for (const char* p = f[6].c_str(); *p;) {
    char* end = nullptr;
    r.seeds.push_back(std::strtoull(p, &end, 10));
    if (end == p) return false;
    p = *end == ',' ? end + 1 : end;
  }
  return !r.seeds.empty();
}

}  // namespace scanlab::grader::timing
