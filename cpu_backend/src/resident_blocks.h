// Runs a launch's blocks. One at a time while none waits for another; when a block spins on memory
// only another block will write (spin_waits.h), further blocks start beside it, as many as the
// launch would have resident at once on the modelled GPU, each on an OS thread of its own (its own
// fibers, shared memory and built-in variables) and only one of them running at any moment: the
// running one hands over when it spins, so the emulator's state needs no locks. A wait that no
// resident block can end, with no block left to start, is a deadlock, reported with each waiting
// block and the line it spins on.
#pragma once

#include <cstdint>
#include <vector>

#include "block_scheduler.h"
#include "launch_state.h"

namespace scanlab::cpu::detail {

struct block_run_request {
  const kernel_call* call = nullptr;
  dim3 grid{}, block{};
  std::size_t dynamic_shared = 0;
  order thread_order = order::forward;
  std::uint64_t launch_seed = 0;
  std::vector<std::uint64_t> sequence;  // linear block indices, in dispatch order
  unsigned resident_limit = 1;          // blocks that may be resident at once in this run
  unsigned gpu_resident_limit = 1;      // blocks a GPU would hold at once for this launch
  // The launch may be put off (runtime_objects.h: held work) when every resident block waits for
  // host-writable memory (pinned or managed) before any block finished or wrote to flag memory.
  bool may_wait_for_host = false;
};

// The first problem found (problem::none if every block finished).
block_outcome run_blocks(launch_state& state, const block_run_request& request);
// True when this OS thread's latest run_blocks stopped because every block waited for the host
// (request.may_wait_for_host): its outcome is to be ignored and the launch made again later.
bool last_run_waits_for_host();

// Blocks resident at once for `threads_per_block` threads and `dynamic_shared` bytes on the
// modelled GPU (the occupancy calculator's answer times the multiprocessors).
unsigned resident_block_limit(unsigned threads_per_block, std::size_t dynamic_shared);
// runtime_device.cpp: the occupancy calculator, and the modelled GPU's multiprocessors.
int resident_blocks_per_multiprocessor(int block_size, std::size_t dynamic_shared);
int multiprocessors();

// SCANLAB_INTERLEAVE_BLOCKS: at each barrier a block hands over to the next resident one (starting
// new ones up to the limit), so that many blocks are in flight at once: a look-back then meets
// predecessors that have published only their own sums, as on a GPU. Called by the scheduler.
void interleave_point();

// For the watchdog: progress summed over every block running now, and a report of the resident
// blocks ("" when only one runs). Called from the watchdog's thread.
std::uint64_t resident_progress();
std::string describe_resident_blocks();

}  // namespace scanlab::cpu::detail
