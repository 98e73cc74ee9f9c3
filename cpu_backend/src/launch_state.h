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
  // cudaLaunchCooperativeKernel: grid.sync() counts arrivals; a generation ends each barrier.
  bool cooperative = false;
  std::uint64_t grid_arrived = 0;
  std::atomic<unsigned> grid_generation{0};
};

launch_state& current_launch();
// A worker thread running blocks of another thread's launch (resident_blocks.cpp) reports with
// that launch's state; null gives the thread its own back.
void use_launch_state(launch_state* s);

// "kernel `k` launched at scan.cu:42 with grid (4,1,1) and block (256,1,1)"
std::string describe_launch(const launch_state& s);
std::string describe_index(uint3 v);

}  // namespace scanlab::cpu::detail
