// Small helpers of both modes: the default sizes, the time stamp, writing the JSON file.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include "bench_options.h"

namespace scanlab::bench {

std::vector<unsigned> default_log2_sizes() { return {10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30}; }

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

void write_json(const std::string& path, const nlohmann::json& doc) {
  if (path.empty()) return;
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp);
    if (!f) throw std::runtime_error("cannot write " + tmp);
    f << doc.dump(2) << "\n";
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

#ifndef SCANLAB_BENCH_GPU
int run_gpu(const options&) {
  std::fprintf(stderr,
               "scanlab-bench: this build has no GPU backend (no CUDA compiler was found at configure time); "
               "only --backend cpu is available\n");
  return 2;
}
int run_gpumode(const options& opt) { return run_gpu(opt); }
#endif

}  // namespace scanlab::bench
