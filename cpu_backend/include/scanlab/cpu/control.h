// Framework-facing controls of the CPU backend: schedules, detector reports, statistics.
// Lab code never includes this; harnesses and tests do (through scanlab/backend.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  misaligned_address,  // a load or store not at a multiple of its size (a GPU faults on it)
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

// Access checks: in programs whose kernels were compiled with scanlab's access instrumentation
// (the `cpu` flavour, with GCC), each thread's shared- and global-memory reads and writes are
// recorded per barrier interval, and a race or a read of never-written shared memory is reported
// by variable, element, the two lines, the two threads and the barriers around them.
// small_launches (the default; SCANLAB_ACCESS_CHECKS=off|on|small) checks launches of at most
// 8192 threads.
enum class access_checks { off, small_launches, on };
void set_access_checks(access_checks mode);
access_checks current_access_checks();
// True once an instrumented kernel file is part of the program.
bool access_checks_available();
struct access_finding {
  std::string summary;  // one line
  std::string report;   // the whole report, several lines
};
// What the checks found since the last call (at most 3 per launch).
std::vector<access_finding> take_access_findings();
// The access trace (what `scanlab trace` draws): while on, every launch is checked and the reads
// and writes of its first blocks are recorded, by thread and barrier interval, with each shared
// variable's contents at the end of each interval. False where the kernels are not instrumented.
bool set_access_trace(bool on);
// The trace since the last call, as JSON (cpu_backend/src/access_trace.cpp writes it).
std::string take_access_trace_json();

struct statistics {
  std::uint64_t fiber_switches = 0;
  std::uint64_t blocks_run = 0;
  std::uint64_t launches = 0;
};
statistics stats();

}  // namespace scanlab::cpu
