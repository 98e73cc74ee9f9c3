// The GPU mode: for every size, every implementation is run once and checked exactly against an
// integer reference on the device (a wrong one is reported and not timed), warmed up, then timed
// with CUDA events (L2 flushed before each call while the working set is small enough to sit in
// it), reps chosen so each point has at least --min-reps calls and --min-time seconds. Reported:
// the median time, GB/s at 8 bytes per element, the fraction of the copy ceiling (the faster of
// cudaMemcpy and the float4 copy at that size) and the speed relative to CUB. Up to
// --latency-max-log2 every point also gets the median of isolated calls (GPU idle before each
// call), the latency one scan() call costs a program, launches included: back-to-back calls hide
// most of a launch's cost behind the previous call, isolated calls do not. Isolated calls are made
// round robin across the implementations of a size, so that a disturbance hits all of them.
// With --determinism R (default 5), each implementation also scans one random float input R times
// and the outputs' bits are hashed: "outputs" is the number of different results (1: the same bits
// in every run; integer inputs cannot show this, their sums are exact in any order).
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "bench_gpu.h"
#include "bench_options.h"

namespace scanlab::bench {
namespace {

struct point {
  std::string name, group, status, detail;
  int lab = 0;
  unsigned log2n = 0;
  double median_s = 0, min_s = 0;
  int reps = 0;
  double latency_s = 0, latency_min_s = 0;  // isolated calls (0: not measured)
  int det_runs = 0, det_distinct = 0;         // the determinism check (0 runs: not made)
};

bool selected(const implementation& impl, const options& opt) {
  for (const std::string& s : opt.skip)
    if (s == impl.name || s == impl.group) return false;
  if (impl.group == "baseline" || opt.only.empty()) return true;
  for (const std::string& s : opt.only)
    if (s == impl.name || s == impl.group) return true;
  return false;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

nlohmann::json machine_json() {
  int device = 0;
  cudaGetDevice(&device);
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, device);
  int driver = 0, runtime = 0, sm_clock = 0, mem_clock = 0, bus = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  cudaDeviceGetAttribute(&sm_clock, cudaDevAttrClockRate, device);
  cudaDeviceGetAttribute(&mem_clock, cudaDevAttrMemoryClockRate, device);
  cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, device);
  return {{"gpu", p.name},
          {"compute_capability", fmt::format("{}.{}", p.major, p.minor)},
          {"sm_count", p.multiProcessorCount},
          {"l2_bytes", p.l2CacheSize},
          {"global_memory_bytes", p.totalGlobalMem},
          {"sm_clock_khz", sm_clock},
          {"memory_clock_khz", mem_clock},
          {"memory_bus_bits", bus},
          {"theoretical_dram_gbps", 2.0 * mem_clock * 1e3 * (bus / 8.0) / 1e9},
          {"driver_version", driver},
          {"runtime_version", runtime},
          {"cub_version", cub_version()}};
}

}  // namespace

int run_gpu(const options& opt) {
  const std::vector<implementation> all = all_implementations();
  std::vector<implementation> impls;
  for (const implementation& i : all)
    if (selected(i, opt)) impls.push_back(i);
  if (opt.list) {
    for (const implementation& i : all)
      std::printf("%-24s %-9s %-19s %s\n", i.name.c_str(), i.group.c_str(), output_kind_name(i.output),
                  lookback_description(i.name));
    return 0;
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "scanlab-bench: no usable GPU (%s); --backend cpu runs the CPU backend's benchmark\n",
                 take_cuda_error().c_str());
    return 77;
  }

  unsigned max_log2 = 0;
  for (unsigned k : opt.log2_sizes) max_log2 = std::max(max_log2, k);
  const unsigned capacity = 1u << max_log2;
  device_data data(capacity);
  l2_flusher flusher;
  std::unique_ptr<determinism_probe> det_probe;
  if (opt.determinism_runs >= 2) det_probe = std::make_unique<determinism_probe>(capacity);
  const nlohmann::json machine = machine_json();
  std::printf("scanlab-bench on %s (%d SMs, L2 %.0f MiB), CUDA runtime %d, driver %d, CUB %s\n",
              machine["gpu"].get<std::string>().c_str(), machine["sm_count"].get<int>(),
              machine["l2_bytes"].get<double>() / 1048576.0, machine["runtime_version"].get<int>(),
              machine["driver_version"].get<int>(), cub_version().c_str());
  std::printf("median of >= %d calls and >= %.3f s per point; GB/s counts 8 bytes per element; "
              "copy = faster of memcpy and copy-float4; xCUB = CUB time / time\n",
              opt.min_reps, opt.min_time_s);

  nlohmann::json doc = {{"benchmark", "scanlab-bench"}, {"backend", "gpu"},   {"date", utc_now()},
                        {"command", opt.command},       {"machine", machine}, {"points", nlohmann::json::array()}};
  doc["settings"] = {{"min_reps", opt.min_reps}, {"max_reps", opt.max_reps}, {"min_time_s", opt.min_time_s},
                     {"warmup", opt.warmup},     {"flush_l2", opt.flush},     {"seed", opt.seed},
                     {"latency_max_log2", opt.latency_max_log2}, {"latency_reps", opt.latency_reps},
                     {"determinism_runs", opt.determinism_runs},
                     {"data", "integers -8..8, exact check against an int64 scan on the device"}};
  int failures = 0;
  // A hung kernel cannot be stopped from the host: record it, save what was measured, end the
  // process (which destroys the context and the kernel with it). bench/device/bench_gpu.sh then
  // runs again with --skip <name>.
  auto hang = [&](const implementation& impl, unsigned k, const char* during) {
    doc["points"].push_back({{"name", impl.name}, {"group", impl.group}, {"lab", impl.lab}, {"log2n", k},
                             {"n", 1u << k}, {"status", "hang"},
                             {"detail", fmt::format("{} did not finish within {} s", during, opt.hang_s)}});
    try {
      write_json(opt.json_path, doc);
    } catch (const std::exception&) {
    }
    std::printf("\nscanlab-bench: HANG %s at n = 2^%u (%s did not finish within %g s)\n", impl.name.c_str(), k,
                during, opt.hang_s);
    std::fflush(stdout);
    std::_Exit(3);
  };

  // In the order given (a run cut short keeps the sizes that came first), each once.
  std::vector<unsigned> sizes;
  for (unsigned k : opt.log2_sizes)
    if (std::find(sizes.begin(), sizes.end(), k) == sizes.end()) sizes.push_back(k);
  for (unsigned k : sizes) {
    const unsigned n = 1u << k;
    data.prepare(n, opt.seed);
    // Flushing only matters while input and output could still sit in L2.
    const bool flush = opt.flush && 8.0 * n < 4.0 * flusher.l2_bytes();
    std::vector<point> points;
    std::vector<const implementation*> point_impl;  // the implementation of points[i]
    bool context_broken = false;
    for (const implementation& impl : impls) {
      point p{impl.name, impl.group, "ok", "", impl.lab, k};
      if (n > impl.max_n) continue;
      void* workspace = nullptr;
      const std::size_t ws = impl.workspace(n);
      if (ws > 0 && cudaMalloc(&workspace, ws) != cudaSuccess) {
        p.status = "error";
        p.detail = fmt::format("cudaMalloc of {} workspace bytes failed: {}", ws, take_cuda_error());
        points.push_back(p);
        continue;
      }
      // Run once and check exactly.
      data.poison_output(n);
      impl.run(data.input(), data.output(), n, workspace);
      if (!finish_within(opt.hang_s)) hang(impl, k, "its first call");
      cudaError_t e = cudaDeviceSynchronize();
      std::string error = e != cudaSuccess ? std::string(cudaGetErrorString(e)) : take_cuda_error();
      if (!error.empty()) {
        p.status = "error";
        p.detail = error;
      } else {
        const device_data::check_result c = data.check(n, impl.output, impl.section);
        if (c.wrong > 0) {
          p.status = "wrong";
          p.detail = fmt::format("{} wrong elements; first at {}: expected {}, got {}", c.wrong, c.first, c.expected,
                                 c.got);
        }
      }
      if (p.status == "ok") {
        for (int w = 0; w < opt.warmup; ++w) impl.run(data.input(), data.output(), n, workspace);
        const std::vector<double> probe = time_calls(impl, data.input(), data.output(), n, workspace, 3,
                                                     flush ? &flusher : nullptr, opt.hang_s);
        if (probe.empty()) hang(impl, k, "a timed call");
        const double t = std::max(median(probe), 1e-7);
        const int reps = std::clamp(static_cast<int>(std::ceil(opt.min_time_s / t)), opt.min_reps, opt.max_reps);
        const std::vector<double> times =
            time_calls(impl, data.input(), data.output(), n, workspace, reps, flush ? &flusher : nullptr, opt.hang_s);
        if (times.empty()) hang(impl, k, "a timed call");
        error = take_cuda_error();
        if (!error.empty()) {
          p.status = "error";
          p.detail = error;
        } else {
          p.median_s = median(times);
          p.min_s = *std::min_element(times.begin(), times.end());
          p.reps = reps;
        }
      }
      if (p.status == "ok" && det_probe) {
        const determinism_probe::result d =
            det_probe->run(impl, data.output(), n, workspace, opt.determinism_runs, opt.hang_s);
        if (d.hung) hang(impl, k, "a determinism run");
        p.det_runs = d.runs;
        p.det_distinct = d.distinct;
      }
      if (workspace != nullptr) cudaFree(workspace);
      if (p.status == "error" && cudaDeviceSynchronize() != cudaSuccess) {
        // A sticky error (illegal address, ...) ends the context: report and stop.
        points.push_back(p);
        point_impl.push_back(&impl);
        context_broken = true;
        std::fprintf(stderr, "scanlab-bench: %s at n = 2^%u broke the CUDA context (%s); stopping\n",
                     impl.name.c_str(), k, p.detail.c_str());
        failures++;
        break;
      }
      if (p.status != "ok" && impl.group != "student") failures++;
      points.push_back(p);
      point_impl.push_back(&impl);
    }

    // Isolated calls, round robin: call r of every implementation, then call r + 1 of every one,
    // so that a passing disturbance (a clock change, another process) falls on all of them alike
    // instead of on whichever implementation was being measured at that moment.
    if (k <= opt.latency_max_log2 && !context_broken) {
      std::vector<std::vector<double>> lat(points.size());
      std::vector<void*> workspaces(points.size(), nullptr);
      for (std::size_t i = 0; i < points.size(); ++i) {
        const std::size_t ws = points[i].status == "ok" ? point_impl[i]->workspace(n) : 0;
        if (ws > 0 && cudaMalloc(&workspaces[i], ws) != cudaSuccess) {
          points[i].status = "error";
          points[i].detail = fmt::format("cudaMalloc of {} workspace bytes failed: {}", ws, take_cuda_error());
        }
      }
      for (int r = 0; r < opt.latency_reps; ++r) {
        for (std::size_t i = 0; i < points.size(); ++i) {
          if (points[i].status != "ok") continue;
          const std::vector<double> one = time_isolated_calls(*point_impl[i], data.input(), data.output(), n,
                                                              workspaces[i], 1, flush ? &flusher : nullptr,
                                                              opt.hang_s);
          if (one.empty()) hang(*point_impl[i], k, "an isolated call");
          lat[i].push_back(one.front());
        }
      }
      for (std::size_t i = 0; i < points.size(); ++i) {
        if (workspaces[i] != nullptr) cudaFree(workspaces[i]);
        if (lat[i].empty()) continue;
        points[i].latency_s = median(lat[i]);
        points[i].latency_min_s = *std::min_element(lat[i].begin(), lat[i].end());
      }
    }

    // Ratios at this size.
    std::map<std::string, double> t;
    for (const point& p : points)
      if (p.status == "ok") t[p.name] = p.median_s;
    double ceiling = 0;
    for (const char* c : {"memcpy", "copy-float4"})
      if (t.count(c) && (ceiling == 0 || t[c] < ceiling)) ceiling = t[c];
    const double cub = t.count("cub") ? t["cub"] : 0;
    double cub_latency = 0, copy_kernel_latency = 0;  // the float4 copy kernel: the small-n floor of one call
    for (const point& p : points) {
      if (p.name == "cub" && p.status == "ok") cub_latency = p.latency_s;
      if (p.name == "copy-float4" && p.status == "ok") copy_kernel_latency = p.latency_s;
    }
    const bool latency = cub_latency > 0;

    std::printf("\nn = 2^%u = %u%s\n", k, n, flush ? " (L2 flushed before each call)" : "");
    std::printf("  %-24s %11s %9s %8s %7s %8s%s\n", "implementation", "median us", "GB/s", "of copy", "x CUB",
                "outputs", latency ? "  latency us  lat/CUB  lat/copy4" : "");
    for (const point& p : points) {
      nlohmann::json j = {{"name", p.name}, {"group", p.group}, {"lab", p.lab}, {"log2n", p.log2n}, {"n", n},
                          {"status", p.status}};
      if (!p.detail.empty()) j["detail"] = p.detail;
      if (p.status == "ok") {
        const double gbps = 8.0 * n / p.median_s / 1e9;
        j["median_us"] = p.median_s * 1e6;
        j["min_us"] = p.min_s * 1e6;
        j["reps"] = p.reps;
        j["gbps"] = gbps;
        if (ceiling > 0) j["fraction_of_copy"] = ceiling / p.median_s;
        if (cub > 0) j["speed_vs_cub"] = cub / p.median_s;
        if (p.det_runs > 0) j["determinism"] = {{"runs", p.det_runs}, {"distinct_outputs", p.det_distinct}};
        std::string lat;
        if (p.latency_s > 0) {
          j["latency_us"] = p.latency_s * 1e6;
          j["latency_min_us"] = p.latency_min_s * 1e6;
          if (latency) j["latency_vs_cub"] = p.latency_s / cub_latency;  // < 1: a call finishes sooner than CUB's
          if (copy_kernel_latency > 0) j["latency_vs_copy_kernel"] = p.latency_s / copy_kernel_latency;
          lat = fmt::format("  {:10.2f}  {:7s}  {:9s}", p.latency_s * 1e6,
                            latency ? fmt::format("{:.2f}", p.latency_s / cub_latency) : std::string("-"),
                            copy_kernel_latency > 0 ? fmt::format("{:.2f}", p.latency_s / copy_kernel_latency)
                                                    : std::string("-"));
        }
        const std::string outputs = p.det_runs > 0 ? fmt::format("{}/{}", p.det_distinct, p.det_runs) : "-";
        std::printf("  %-24s %11.2f %9.1f %8s %7s %8s%s\n", p.name.c_str(), p.median_s * 1e6, gbps,
                    ceiling > 0 ? fmt::format("{:.3f}", ceiling / p.median_s).c_str() : "-",
                    cub > 0 ? fmt::format("{:.2f}", cub / p.median_s).c_str() : "-", outputs.c_str(), lat.c_str());
      } else {
        std::printf("  %-24s %11s  %s\n", p.name.c_str(), p.status == "wrong" ? "WRONG" : "ERROR", p.detail.c_str());
      }
      doc["points"].push_back(j);
    }
    std::fflush(stdout);
    write_json(opt.json_path, doc);  // after every size: a run cut short still leaves its points
    if (context_broken) break;        // nothing more can run in this process
  }
  if (!opt.json_path.empty()) std::printf("\nJSON: %s\n", opt.json_path.c_str());
  return failures == 0 ? 0 : 1;
}

}  // namespace scanlab::bench
