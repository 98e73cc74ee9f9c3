// scanlab-bench's command line, shared by its GPU and CPU modes.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace scanlab::bench {

struct options {
  std::string backend = "gpu";             // gpu | cpu
  std::vector<unsigned> log2_sizes;        // n = 2^k
  std::vector<std::string> only;           // names or groups (empty: everything)
  std::vector<std::string> skip;           // names or groups left out
  double hang_s = 20;                      // a call running longer is a hang: report, end the process
  int min_reps = 20;
  int max_reps = 2000;
  double min_time_s = 0.02;                // of timed kernel time per point
  int warmup = 2;
  bool flush = true;                       // flush L2 before each timed call (small working sets)
  unsigned seed = 1;
  std::string json_path;                   // "" = none
  std::string command;                     // as run, for the JSON
  bool list = false;
  bool gpumode = false;                    // GPU MODE's prefix-sum method instead (gpumode.cpp)
  unsigned latency_max_log2 = 20;          // also time isolated calls (latency) up to n = 2^this (0: never)
  int latency_reps = 100;
  int determinism_runs = 5;                // scans of one random float input per point, bits hashed (<2: none)
  int cpu_repeats = 5;
};

// The sizes used when none are given: every power of 4 from 2^10 to 2^28, and 2^30.
std::vector<unsigned> default_log2_sizes();

int run_gpu(const options& opt);
int run_gpumode(const options& opt);  // --gpumode: GPU MODE's prefix-sum check and timing
int run_cpu(const options& opt, const char* argv0);

// Report helpers (report.cpp).
std::string utc_now();
void write_json(const std::string& path, const nlohmann::json& doc);  // atomically (tmp + rename)

}  // namespace scanlab::bench
