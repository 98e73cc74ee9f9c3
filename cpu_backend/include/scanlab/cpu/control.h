// Framework-facing controls of the CPU backend: schedules, detector reports, statistics.
// Lab code never includes this; harnesses and tests do (through scanlab/backend.h).
#pragma once

#include <cstdint>
#include <string>

namespace scanlab::cpu {

// Order in which the runnable CUDA threads of a block run between two barriers, and in which
// blocks of a grid are dispatched. Running the same work under several orders and comparing the
// outputs exposes races that one fixed order (or a GPU) hides.
enum class order { forward, reverse, random };

struct schedule {
  order threads = order::forward;
  order blocks = order::forward;
  std::uint64_t seed = 1;  // for the random orders
};

void set_schedule(const schedule& s);
schedule current_schedule();
const char* order_name(order o);
bool parse_order(const std::string& text, order& out);

enum class problem {
  none,
  divergent_barrier,   // threads of a block at different barriers, or some exited while others wait
  warp_divergence,     // a warp collective whose named lanes cannot all arrive
  deadlock,            // no thread of a block can make progress
  hang,                // the watchdog ended a launch that made no progress
  shared_out_of_bounds,
  global_out_of_bounds,
  host_pointer,        // a kernel argument that points to host memory
  launch_config,       // invalid grid, block or shared-memory size
  trap,                // __trap() or a fault inside a kernel
};
const char* problem_name(problem p);

struct report {
  problem kind = problem::none;
  std::string message;  // multi-line, human readable, names the file:line where known
};

// The first problem found since the last call (detectors keep the first: later ones are often
// consequences). Resets the record.
report take_report();

// Seconds without any scheduling progress after which a launch is ended as a hang.
void set_watchdog_seconds(double seconds);
double watchdog_seconds();

// Print detector reports to stderr as they happen (default on; tests that expect them turn it off).
void set_print_reports(bool on);

struct statistics {
  std::uint64_t fiber_switches = 0;
  std::uint64_t blocks_run = 0;
  std::uint64_t launches = 0;
};
statistics stats();

}  // namespace scanlab::cpu
