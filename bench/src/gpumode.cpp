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

}  // namespace

int run_gpumode(const options& opt) {
  const std::vector<implementation> all = all_implementations();
  std::vector<implementation> impls;
  for (const implementation& i : all)
    if (selected(i, opt) && i.output != output_kind::inclusive_sections && i.output != output_kind::exclusive_sections)
      impls.push_back(i);
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "scanlab-bench --gpumode: no usable GPU (%s)\n", take_cuda_error().c_str());
    return 77;
  }
  unsigned max_log2 = 12;
  for (unsigned k : opt.log2_sizes) max_log2 = std::max(max_log2, k);
  gpumode_data data(std::uint64_t(1) << max_log2);
  l2_flusher flusher;
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  std::printf("scanlab-bench --gpumode on %s, CUB %s: normal inputs, float64 reference, tolerance 1e-5*sqrt(n); L2 "
              "flushed and fresh inputs before every timed call; mean until its standard error is under 0.1%%\n",
              prop.name, cub_version().c_str());
  nlohmann::json doc = {{"benchmark", "scanlab-bench --gpumode"}, {"date", utc_now()}, {"command", opt.command},
                        {"gpu", prop.name}, {"cub_version", cub_version()},
                        {"tests", nlohmann::json::array()}, {"points", nlohmann::json::array()}};
  int failures = 0;
  std::map<std::string, bool> failed;  // an implementation that fails a check is not timed

  auto call_checked = [&](const implementation& impl, unsigned n, std::uint64_t seed) -> std::string {
    void* workspace = nullptr;
    const std::size_t ws = impl.workspace(n);
    if (ws > 0 && cudaMalloc(&workspace, ws) != cudaSuccess) return "workspace allocation failed: " + take_cuda_error();
    data.draw(n, seed);
    impl.run(data.input(), data.output(), n, workspace);
    std::string problem;
    if (!finish_within(opt.hang_s)) {
      std::printf("scanlab-bench --gpumode: HANG %s at n = %u\n", impl.name.c_str(), n);
      std::fflush(stdout);
      std::_Exit(3);
    }
    const std::string error = take_cuda_error();
    if (!error.empty()) problem = error;
    if (problem.empty() && impl.output != output_kind::copy) {
      const gpumode_data::verdict v = data.check(n);
      if (v.wrong > 0) problem = describe(v);
    }
    if (workspace != nullptr) cudaFree(workspace);
    return problem;
  };

  // 1. Correctness: the task's test sizes, then every benchmark size.
  std::vector<std::uint64_t> check_sizes(std::begin(test_sizes), std::end(test_sizes));
  for (unsigned k : opt.log2_sizes) check_sizes.push_back(std::uint64_t(1) << k);
  for (const implementation& impl : impls) {
    for (std::uint64_t n : check_sizes) {
      const std::string problem = call_checked(impl, static_cast<unsigned>(n), opt.seed + n);
      doc["tests"].push_back({{"name", impl.name}, {"n", n}, {"status", problem.empty() ? "ok" : "wrong"},
                              {"detail", problem}});
      if (!problem.empty()) {
        std::printf("  %-24s n = %-10llu FAILED: %s\n", impl.name.c_str(), static_cast<unsigned long long>(n),
                    problem.c_str());
        failed[impl.name] = true;
        if (impl.group != "student") ++failures;
        break;
      }
    }
    if (!failed[impl.name]) std::printf("  %-24s passed the checks at %zu sizes\n", impl.name.c_str(), check_sizes.size());
  }

  // 2. Timing.
  std::map<std::string, std::vector<double>> means_by_name;  // for the geometric means
  for (unsigned k : opt.log2_sizes) {
    const unsigned n = 1u << k;
    std::map<std::string, stats> results;
    for (const implementation& impl : impls) {
      if (failed[impl.name]) continue;
      void* workspace = nullptr;
      const std::size_t ws = impl.workspace(n);
      if (ws > 0 && cudaMalloc(&workspace, ws) != cudaSuccess) continue;
      cudaEvent_t start, stop;
      cudaEventCreate(&start);
      cudaEventCreate(&stop);
      impl.run(data.input(), data.output(), n, workspace);  // warm-up
      std::vector<double> times;
      const auto began = std::chrono::steady_clock::now();
      for (int r = 0; r < opt.max_reps; ++r) {
        data.draw(n, opt.seed * 1000003ull + k * 1009ull + r);
        flusher.flush();
        cudaEventRecord(start, 0);
        impl.run(data.input(), data.output(), n, workspace);
        cudaEventRecord(stop, 0);
        if (!finish_within(opt.hang_s)) {
          std::printf("scanlab-bench --gpumode: HANG %s at n = 2^%u\n", impl.name.c_str(), k);
          std::fflush(stdout);
          std::_Exit(3);
        }
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        times.push_back(ms * 1e-3);
        const stats s = summarize(times);
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        if (s.calls >= 3 && s.standard_error < target_relative_error * s.mean) break;
        if (spent > max_seconds_per_point) break;
      }
      cudaEventDestroy(start);
      cudaEventDestroy(stop);
      if (workspace != nullptr) cudaFree(workspace);
      results[impl.name] = summarize(times);
      means_by_name[impl.name].push_back(results[impl.name].mean);
    }
    double ceiling = 0;
    for (const char* c : {"memcpy", "copy-float4"})
      if (results.count(c) && (ceiling == 0 || results[c].mean < ceiling)) ceiling = results[c].mean;
    const double cub = results.count("cub") ? results["cub"].mean : 0;
    std::printf("\nn = 2^%u = %u\n  %-24s %11s %9s %6s %8s %7s\n", k, n, "implementation", "mean us", "+- us", "calls",
                "of copy", "x CUB");
    for (const implementation& impl : impls) {
      if (!results.count(impl.name)) continue;
      const stats& s = results[impl.name];
      nlohmann::json j = {{"name", impl.name}, {"group", impl.group}, {"log2n", k}, {"n", n},
                          {"mean_us", s.mean * 1e6}, {"standard_error_us", s.standard_error * 1e6},
                          {"calls", s.calls}};
      if (ceiling > 0) j["fraction_of_copy"] = ceiling / s.mean;
      if (cub > 0) j["speed_vs_cub"] = cub / s.mean;
      doc["points"].push_back(j);
      std::printf("  %-24s %11.1f %9.2f %6d %8s %7s\n", impl.name.c_str(), s.mean * 1e6, s.standard_error * 1e6,
                  s.calls, ceiling > 0 ? fmt::format("{:.3f}", ceiling / s.mean).c_str() : "-",
                  cub > 0 ? fmt::format("{:.2f}", cub / s.mean).c_str() : "-");
    }
    std::fflush(stdout);
    write_json(opt.json_path, doc);
  }
  std::printf("\ngeometric mean of the means over the sizes above:\n");
  for (const auto& [name, means] : means_by_name) {
    double log_sum = 0;
    for (double m : means) log_sum += std::log(m);
    const double g = std::exp(log_sum / means.size());
    std::printf("  %-24s %11.1f us\n", name.c_str(), g * 1e6);
    doc["geometric_means_us"][name] = g * 1e6;
  }
  write_json(opt.json_path, doc);
  return failures == 0 ? 0 : 1;
}

}  // namespace scanlab::bench
