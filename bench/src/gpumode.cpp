// scanlab-bench --gpumode: checks and times scans the way GPU MODE's public prefix-sum task does,
// so that a number here compares with its leaderboard. First the task's test sizes (1023, 1024,
// 1025, 2048, 4096) and then every benchmark size are checked against a float64 reference with
// tolerance 1e-5 * sqrt(n) on standard normal inputs. Then, per size, each implementation is
// timed call by call: fresh inputs from a new seed (untimed), the L2 flushed, the call between
// two CUDA events, a full wait; until the standard error of the mean is under 0.1% of the mean
// (at least 3 calls, at most --max-reps or 2 s of calls). Reported: the mean (the task's score is
// the mean at 2^28), its standard error, the fraction of the copy ceiling (the faster copy's mean
// in the same run) and the speed against CUB.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include <fmt/format.h>

#include "bench_gpu.h"
#include "bench_options.h"
#include "gpumode_data.h"

namespace scanlab::bench {
namespace {

constexpr unsigned test_sizes[] = {1023, 1024, 1025, 2048, 4096};
constexpr double target_relative_error = 0.001;
constexpr double max_seconds_per_point = 2.0;

struct stats {
  double mean = 0, standard_error = 0;
  int calls = 0;
};

stats summarize(const std::vector<double>& t) {
  stats s;
  s.calls = static_cast<int>(t.size());
  if (t.empty()) return s;
  for (double x : t) s.mean += x;
  s.mean /= t.size();
  if (t.size() > 1) {
    double var = 0;
    for (double x : t) var += (x - s.mean) * (x - s.mean);
    var /= (t.size() - 1);
    s.standard_error = std::sqrt(var / t.size());
  }
  return s;
}

bool selected(const implementation& impl, const options& opt) {
  for (const std::string& s : opt.skip)
    if (s == impl.name || s == impl.group) return false;
  if (impl.group == "baseline") return impl.name != "thrust";  // the copies and CUB
  if (opt.only.empty()) return impl.name == "lab8-advanced";
  for (const std::string& s : opt.only)
    if (s == impl.name || s == impl.group) return true;
  return false;
}

std::string describe(const gpumode_data::verdict& v) {
  return fmt::format("{} elements out of tolerance; first at {}: expected {:.6g}, got {:.6g}", v.wrong, v.first,
                     v.expected, v.got);
}

[[noreturn]] void hang(const implementation& impl, std::uint64_t n) {
  // A hung kernel cannot be stopped from the host; ending the process ends it (as run_gpu does).
  std::printf("scanlab-bench --gpumode: HANG %s at n = %llu\n", impl.name.c_str(), static_cast<unsigned long long>(n));
  std::fflush(stdout);
  std::_Exit(3);
}

// One --gpumode run: the data, the flusher and the JSON document its steps share.
class gpumode_run {
 public:
  gpumode_run(const options& opt, std::uint64_t capacity) : opt_(opt), data_(capacity) {}
  nlohmann::json& doc() { return doc_; }

  // Draws inputs from `seed`, calls impl once at n and checks it: "" or what was wrong.
  std::string call_checked(const implementation& impl, unsigned n, std::uint64_t seed) {
    void* workspace = nullptr;
    const std::size_t ws = impl.workspace(n);
    if (ws > 0 && cudaMalloc(&workspace, ws) != cudaSuccess) return "workspace allocation failed: " + take_cuda_error();
    data_.draw(n, seed);
    impl.run(data_.input(), data_.output(), n, workspace);
    if (!finish_within(opt_.hang_s)) hang(impl, n);
    std::string problem = take_cuda_error();
    if (problem.empty() && impl.output != output_kind::copy) {
      const gpumode_data::verdict v = data_.check(n);
      if (v.wrong > 0) problem = describe(v);
    }
    if (workspace != nullptr) cudaFree(workspace);
    return problem;
  }

  // The task's test sizes, then every benchmark size; false at the first failure (reported).
  bool passes_checks(const implementation& impl) {
    std::vector<std::uint64_t> sizes(std::begin(test_sizes), std::end(test_sizes));
    for (unsigned k : opt_.log2_sizes) sizes.push_back(std::uint64_t(1) << k);
    for (std::uint64_t n : sizes) {
      const std::string problem = call_checked(impl, static_cast<unsigned>(n), opt_.seed + n);
      doc_["tests"].push_back({{"name", impl.name}, {"n", n}, {"status", problem.empty() ? "ok" : "wrong"},
                               {"detail", problem}});
      if (!problem.empty()) {
        std::printf("  %-24s n = %-10llu FAILED: %s\n", impl.name.c_str(), static_cast<unsigned long long>(n),
                    problem.c_str());
        return false;
      }
    }
    std::printf("  %-24s passed the checks at %zu sizes\n", impl.name.c_str(), sizes.size());
    return true;
  }

  // Calls at n = 2^k, each after fresh inputs and a flush, until the mean is known to 0.1%.
  stats time_point(const implementation& impl, unsigned k) {
    const unsigned n = 1u << k;
    void* workspace = nullptr;
    const std::size_t ws = impl.workspace(n);
    if (ws > 0 && cudaMalloc(&workspace, ws) != cudaSuccess) return {};
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    impl.run(data_.input(), data_.output(), n, workspace);  // warm-up
    std::vector<double> times;
    const auto began = std::chrono::steady_clock::now();
    for (int r = 0; r < opt_.max_reps; ++r) {
      data_.draw(n, opt_.seed * 1000003ull + k * 1009ull + r);
      flusher_.flush();
      cudaEventRecord(start, 0);
      impl.run(data_.input(), data_.output(), n, workspace);
      cudaEventRecord(stop, 0);
      if (!finish_within(opt_.hang_s)) hang(impl, n);
      float ms = 0;
      cudaEventElapsedTime(&ms, start, stop);
      times.push_back(ms * 1e-3);
      const stats s = summarize(times);
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      if ((s.calls >= 3 && s.standard_error < target_relative_error * s.mean) || spent > max_seconds_per_point) break;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (workspace != nullptr) cudaFree(workspace);
    return summarize(times);
  }

  // One size's table and JSON points, with the copy ceiling and CUB of the same size.
  void report(unsigned k, const std::vector<implementation>& impls, std::map<std::string, stats>& results) {
    double ceiling = 0;
    for (const char* c : {"memcpy", "copy-float4"})
      if (results.count(c) && (ceiling == 0 || results[c].mean < ceiling)) ceiling = results[c].mean;
    const double cub = results.count("cub") ? results["cub"].mean : 0;
    std::printf("\nn = 2^%u = %u\n  %-24s %11s %9s %6s %8s %7s\n", k, 1u << k, "implementation", "mean us", "+- us",
                "calls", "of copy", "x CUB");
    for (const implementation& impl : impls) {
      if (!results.count(impl.name)) continue;
      const stats& s = results[impl.name];
      nlohmann::json j = {{"name", impl.name}, {"group", impl.group}, {"log2n", k}, {"n", 1u << k},
                          {"mean_us", s.mean * 1e6}, {"standard_error_us", s.standard_error * 1e6},
                          {"calls", s.calls}};
      if (ceiling > 0) j["fraction_of_copy"] = ceiling / s.mean;
      if (cub > 0) j["speed_vs_cub"] = cub / s.mean;
      doc_["points"].push_back(j);
      std::printf("  %-24s %11.1f %9.2f %6d %8s %7s\n", impl.name.c_str(), s.mean * 1e6, s.standard_error * 1e6,
                  s.calls, ceiling > 0 ? fmt::format("{:.3f}", ceiling / s.mean).c_str() : "-",
                  cub > 0 ? fmt::format("{:.2f}", cub / s.mean).c_str() : "-");
    }
    std::fflush(stdout);
    write_json(opt_.json_path, doc_);
  }

 private:
  const options& opt_;
  gpumode_data data_;
  l2_flusher flusher_;
  nlohmann::json doc_ = {{"benchmark", "scanlab-bench --gpumode"}, {"tests", nlohmann::json::array()},
                         {"points", nlohmann::json::array()}};
};

}  // namespace

int run_gpumode(const options& opt) {
  std::vector<implementation> impls;
  for (const implementation& i : all_implementations())
    if (selected(i, opt) && i.output != output_kind::inclusive_sections && i.output != output_kind::exclusive_sections)
      impls.push_back(i);
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "scanlab-bench --gpumode: no usable GPU (%s)\n", take_cuda_error().c_str());
    return 77;
  }
  unsigned max_log2 = 12;
  for (unsigned k : opt.log2_sizes) max_log2 = std::max(max_log2, k);
  gpumode_run run(opt, std::uint64_t(1) << max_log2);
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  std::printf("scanlab-bench --gpumode on %s, CUB %s: normal inputs, float64 reference, tolerance 1e-5*sqrt(n); L2 "
              "flushed and fresh inputs before every timed call; mean until its standard error is under 0.1%%\n",
              prop.name, cub_version().c_str());
  run.doc().update({{"date", utc_now()}, {"command", opt.command}, {"gpu", prop.name}, {"cub_version", cub_version()}});

  // 1. Correctness; an implementation that fails is not timed.
  std::vector<implementation> passing;
  int failures = 0;
  for (const implementation& impl : impls) {
    if (run.passes_checks(impl))
      passing.push_back(impl);
    else if (impl.group != "student")
      ++failures;
  }
  // 2. Timing, size by size.
  std::map<std::string, std::vector<double>> means_by_name;  // for the geometric means
  for (unsigned k : opt.log2_sizes) {
    std::map<std::string, stats> results;
    for (const implementation& impl : passing) {
      const stats s = run.time_point(impl, k);
      if (s.calls == 0) continue;
      results[impl.name] = s;
      means_by_name[impl.name].push_back(s.mean);
    }
    run.report(k, passing, results);
  }
  std::printf("\ngeometric mean of the means over the sizes above:\n");
  for (const auto& [name, means] : means_by_name) {
    double log_sum = 0;
    for (double m : means) log_sum += std::log(m);
    const double g = std::exp(log_sum / means.size());
    std::printf("  %-24s %11.1f us\n", name.c_str(), g * 1e6);
    run.doc()["geometric_means_us"][name] = g * 1e6;
  }
  write_json(opt.json_path, run.doc());
  return failures == 0 ? 0 : 1;
}

}  // namespace scanlab::bench
