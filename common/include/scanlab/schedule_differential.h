// Detector for data races that happen to give the right answer under one schedule: run the same
// work under several thread and block orders and compare the outputs bit for bit. A race-free
// kernel gives identical bits whatever the order; a difference is a race, located by its first
// index. When one is found, the threads' and the blocks' orders are varied one at a time to say
// which of them the output depends on: a race between threads (a missing barrier) and a block
// that uses another block's results without waiting for them call for different fixes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "scanlab/backend.h"

namespace scanlab {

struct schedule_difference {
  std::string first_schedule, second_schedule;  // e.g. "threads forward", "blocks random (seed 7)"
  std::size_t index = 0;                        // first element that differs
  float first_value = 0, second_value = 0;
  // The schedule that gave second_value (to replay it).
  backend::order second_threads = backend::order::forward, second_blocks = backend::order::forward;
  // True when the blocks' order alone changes the output (threads kept in forward order), false
  // when the threads' order alone does, or when only both together do.
  bool blocks = false;
};

namespace detail {
inline std::string schedule_name(backend::order threads, backend::order blocks, std::uint64_t seed) {
  using backend::order;
  const auto name = [&](order o) {
    return std::string(backend::order_name(o)) + (o == order::random ? " (seed " + std::to_string(seed) + ")" : "");
  };
  if (threads == blocks) return "threads and blocks " + name(threads);
  if (blocks == order::forward) return "threads " + name(threads) + ", blocks forward";
  if (threads == order::forward) return "blocks " + name(blocks) + ", threads forward";
  return "threads " + name(threads) + ", blocks " + name(blocks);
}

// The first element where two outputs differ bit for bit (size() of the shorter when only the
// lengths differ); nullopt when they are identical.
inline std::optional<std::size_t> first_difference(const std::vector<float>& a, const std::vector<float>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) return i;
  if (a.size() != b.size()) return n;
  return std::nullopt;
}
}  // namespace detail

// `run` performs the work and returns its output; it may take the schedule's name (a const
// std::string&), e.g. to say under which schedule a run failed. Returns nullopt when every
// schedule agreed (or the backend cannot choose schedules). The schedule is left at forward order
// afterwards. Three runs when the outputs agree; up to two more to attribute a difference.
template <class Run>
std::optional<schedule_difference> compare_schedules(Run&& run, std::uint64_t seed = 1) {
  using backend::order;
  const auto at = [](const std::vector<float>& v, std::size_t i) { return i < v.size() ? v[i] : 0.0f; };
  const auto run_as = [&](const std::string& name) -> std::vector<float> {
    if constexpr (std::is_invocable_v<Run&, const std::string&>) return run(name);
    else return run();
  };
  std::optional<schedule_difference> found;
  if (!backend::set_schedule(order::forward, order::forward, seed)) return std::nullopt;
  const std::string reference_name = detail::schedule_name(order::forward, order::forward, seed);
  const std::vector<float> reference = run_as(reference_name);
  // Tries one schedule; records it as the difference when its output differs from the reference.
  const auto attempt = [&](order threads, order blocks, bool blocks_alone) {
    if (!backend::set_schedule(threads, blocks, seed)) return false;
    const std::vector<float> out = run_as(detail::schedule_name(threads, blocks, seed));
    const auto i = detail::first_difference(reference, out);
    if (!i) return false;
    found = schedule_difference{reference_name, detail::schedule_name(threads, blocks, seed), *i,
                                at(reference, *i), at(out, *i), threads, blocks, blocks_alone};
    return true;
  };
  for (order o : {order::reverse, order::random}) {
    if (!attempt(o, o, false)) continue;
    // Which order matters? The threads' alone, then the blocks' alone; if neither, the pair.
    const schedule_difference both = *found;
    if (!attempt(o, order::forward, false) && !attempt(order::forward, o, true)) found = both;
    break;
  }
  backend::set_schedule(order::forward, order::forward, seed);
  return found;
}

}  // namespace scanlab
