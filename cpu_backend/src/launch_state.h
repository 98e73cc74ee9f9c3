// What is being launched right now, for reports (detectors, the watchdog, the crash handler).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "scanlab/cpu/control.h"
#include "scanlab/cpu/launch.h"

namespace scanlab::cpu::detail {

struct launch_state {
  const launch_site* site = nullptr;  // null outside a launch
  dim3 grid{}, block{};
  std::size_t dynamic_shared = 0;
  order block_order = order::forward;
  order thread_order = order::forward;
  std::uint64_t blocks_total = 0;
  std::atomic<std::uint64_t> blocks_done{0};
  uint3 current_block{};
};

launch_state& current_launch();

// "kernel `k` launched at scan.cu:42 with grid (4,1,1) and block (256,1,1)"
std::string describe_launch(const launch_state& s);
std::string describe_index(uint3 v);

}  // namespace scanlab::cpu::detail
