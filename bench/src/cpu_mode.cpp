// --backend cpu: runs the CPU backend's speed benchmark (cpu_backend/bench, bin/scanlab-cpu-bench
// next to this program) and reports it in the same form as the GPU mode: a table and a JSON file
// with the machine, date and command. Recorded figures: bench/results/cpu_backend.md.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "bench_options.h"

namespace scanlab::bench {
namespace {

std::string load_average() {
  std::ifstream f("/proc/loadavg");
  std::string one;
  f >> one;
  return one.empty() ? "unknown" : one;
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      return colon == std::string::npos ? line : line.substr(colon + 2);
    }
  return "unknown";
}

}  // namespace

int run_cpu(const options& opt, const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) self = fs::absolute(argv0);
  const fs::path tool = self.parent_path() / "scanlab-cpu-bench";
  if (!fs::exists(tool)) {
    std::fprintf(stderr,
                 "scanlab-bench: %s does not exist: build the CPU backend's benchmark first "
                 "(ninja -C <build> scanlab-cpu-bench; it needs Boost.Context)\n",
                 tool.c_str());
    return 2;
  }
  const fs::path tmp = fs::temp_directory_path() / fmt::format("scanlab-cpu-bench-{}.json", ::getpid());
  const std::string cmd = fmt::format("'{}' --repeats {} --json '{}'", tool.string(), opt.cpu_repeats, tmp.string());
  const int status = std::system(cmd.c_str());  // its own table goes to our stdout
  nlohmann::json result;
  {
    std::ifstream f(tmp);
    if (f) {
      try {
        f >> result;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "scanlab-bench: unreadable output of scanlab-cpu-bench: %s\n", e.what());
      }
    }
  }
  fs::remove(tmp, ec);
  if (result.is_null()) {
    std::fprintf(stderr, "scanlab-bench: scanlab-cpu-bench wrote no result (exit status %d)\n", status);
    return 1;
  }
  nlohmann::json doc = {
      {"benchmark", "scanlab-bench"},
      {"backend", "cpu"},
      {"date", utc_now()},
      {"command", opt.command},
      {"machine", {{"cpu", cpu_model()}, {"cores", static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN))},
                   {"load_average_1min", load_average()}}},  // timings move ~30% with load
      {"targets", {{"fiber_switches_per_second", ">= 50e6"}, {"scan_2p20_seconds", "< 1"}}},
      {"results", result},
      {"recorded", "bench/results/cpu_backend.md"},
  };
  write_json(opt.json_path, doc);
  const bool ok = result.value("scan_correct", false) && status == 0;
  std::printf("scanlab-bench --backend cpu: %s%s\n", ok ? "ok" : "FAILED",
              opt.json_path.empty() ? "" : (", JSON: " + opt.json_path).c_str());
  return ok ? 0 : 1;
}

}  // namespace scanlab::bench
