// Detector for data races that happen to give the right answer under one schedule: run the same
// work under several thread orders and compare the outputs bit for bit. A race-free kernel gives
// identical bits whatever the order; a difference is a race, located by its first index.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "scanlab/backend.h"

namespace scanlab {

struct schedule_difference {
  std::string first_schedule, second_schedule;  // e.g. "forward", "random(seed 7)"
  std::size_t index = 0;                        // first element that differs
  float first_value = 0, second_value = 0;
};

// `run` performs the work and returns its output. Returns nullopt when every schedule agreed
// (or the backend cannot choose schedules). The schedule is left at forward order afterwards.
template <class Run>
std::optional<schedule_difference> compare_schedules(Run&& run, std::uint64_t seed = 1) {
  using backend::order;
  struct variant {
    order threads, blocks;
    std::string name;
  };
  const std::vector<variant> variants = {
      {order::forward, order::forward, "threads forward"},
      {order::reverse, order::reverse, "threads reverse"},
      {order::random, order::random, "threads random (seed " + std::to_string(seed) + ")"},
  };
  std::vector<float> reference;
  std::optional<schedule_difference> found;
  for (std::size_t v = 0; v < variants.size() && !found; ++v) {
    if (!backend::set_schedule(variants[v].threads, variants[v].blocks, seed)) return std::nullopt;
    std::vector<float> out = run();
    if (v == 0) {
      reference = std::move(out);
      continue;
    }
    const std::size_t n = std::min(reference.size(), out.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (std::memcmp(&reference[i], &out[i], sizeof(float)) != 0) {
        found = schedule_difference{variants[0].name, variants[v].name, i, reference[i], out[i]};
        break;
      }
    }
    if (!found && reference.size() != out.size())
      found = schedule_difference{variants[0].name, variants[v].name, n, 0.0f, 0.0f};
  }
  backend::set_schedule(order::forward, order::forward, seed);
  return found;
}

}  // namespace scanlab
