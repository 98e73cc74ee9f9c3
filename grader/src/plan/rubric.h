// The instructor-editable rubric (grader/rubric.json; format in grader/README.md): per lab the
// points of each correctness group and detector test, the performance thresholds, the sizes and
// the time limits. "defaults" applies to every lab; "labs": {"8": {...}} overrides per lab.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace scanlab::grader {

// The largest n graded on a GPU when the rubric names none (a lab's max_n may be larger).
constexpr std::uint64_t default_gpu_max_n = std::uint64_t(1) << 27;

struct lab_rubric {
  // Correctness groups: edge sizes, random sizes (integers and floats), the largest sizes.
  double edge_points = 3, random_points = 2, large_points = 1;
  // Detector tests.
  double race_points = 1, barrier_points = 1, memory_points = 1, progress_points = 0;
  // Performance (GPU only).
  double performance_points = 2;
  double full_at = 0.85;  // fraction of the reference solution's throughput for full points
  double zero_at = 0.25;  // ... at or below which no points
  double max_of_copy = 1.1;  // a measured time faster than a device copy by more: no points (forged)
  std::uint64_t performance_n = 1ull << 26;
  bool cpu_performance_withheld = true;  // CPU: the performance test is listed with max_score 0
  // Sizes and limits.
  std::uint64_t cpu_max_n = 0;  // 0: the lab's cpu_max_n from labs.json
  std::uint64_t gpu_max_n = 0;  // 0: the lab's max_n capped at default_gpu_max_n
  double time_limit_s = 20;     // wall time of one child run
  double weight = 1;            // multiplies every point of the lab
  bool sanitizers = true;       // GPU: compute-sanitizer steps when it is on PATH
  bool cpu_detectors = true;    // GPU: also the CPU backend's schedule runs (races, block orders)
  // GPU with the CPU backend's schedule runs: racecheck and synccheck as well (by default they run
  // only where those cannot: their findings could make a GPU grade differ from a CPU one).
  bool sanitizers_with_cpu_detectors = false;
};

struct rubric {
  std::string path;
  std::map<int, lab_rubric> labs;  // every lab gets an entry (defaults where not given)
  lab_rubric defaults;
  const lab_rubric& for_lab(int id) const;
};

bool load_rubric(const std::string& path, rubric& r, std::string& error);

}  // namespace scanlab::grader
