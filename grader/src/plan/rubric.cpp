#include "plan/rubric.h"

#include <fstream>

#include <nlohmann/json.hpp>

namespace scanlab::grader {

namespace {

// Reads the keys present in j into r; unknown keys are an error (a typo must not pass silently).
void apply(const nlohmann::json& j, lab_rubric& r, const std::string& where) {
  for (const auto& [key, value] : j.items()) {
    if (key == "edge_points") r.edge_points = value;
    else if (key == "random_points") r.random_points = value;
    else if (key == "large_points") r.large_points = value;
    else if (key == "race_points") r.race_points = value;
    else if (key == "barrier_points") r.barrier_points = value;
    else if (key == "memory_points") r.memory_points = value;
    else if (key == "progress_points") r.progress_points = value;
    else if (key == "performance_points") r.performance_points = value;
    else if (key == "full_at") r.full_at = value;
    else if (key == "zero_at") r.zero_at = value;
    else if (key == "max_of_copy") r.max_of_copy = value;
    else if (key == "performance_n") r.performance_n = value;
    else if (key == "cpu_performance_withheld") r.cpu_performance_withheld = value;
    else if (key == "cpu_max_n") r.cpu_max_n = value;
    else if (key == "gpu_max_n") r.gpu_max_n = value;
    else if (key == "time_limit_s") r.time_limit_s = value;
    else if (key == "weight") r.weight = value;
    else if (key == "sanitizers") r.sanitizers = value;
    else if (key == "cpu_detectors") r.cpu_detectors = value;
    else if (key == "sanitizers_with_cpu_detectors") r.sanitizers_with_cpu_detectors = value;
    else if (key.rfind("_", 0) == 0 || key == "comment") continue;  // comments
    else throw std::runtime_error(where + ": unknown key \"" + key + "\"");
  }
  if (r.zero_at >= r.full_at) throw std::runtime_error(where + ": zero_at must be below full_at");
  if (!(r.max_of_copy >= 1)) throw std::runtime_error(where + ": max_of_copy must be at least 1");
}

}  // namespace

const lab_rubric& rubric::for_lab(int id) const {
  auto it = labs.find(id);
  return it == labs.end() ? defaults : it->second;
}

bool load_rubric(const std::string& path, rubric& r, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read the rubric " + path;
    return false;
  }
  r.path = path;
  try {
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, true, true);  // comments allowed
    if (j.contains("defaults")) apply(j.at("defaults"), r.defaults, "defaults");
    for (int id = 1; id <= 64; ++id) r.labs[id] = r.defaults;
    if (j.contains("labs"))
      for (const auto& [key, value] : j.at("labs").items()) {
        const int id = std::stoi(key);
        lab_rubric lr = r.defaults;
        apply(value, lr, "labs." + key);
        r.labs[id] = lr;
      }
  } catch (const std::exception& e) {
    error = path + ": " + e.what();
    return false;
  }
  return true;
}

}  // namespace scanlab::grader
