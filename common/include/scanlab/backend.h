// What a harness or test may ask of whichever backend it was built for. On the CPU backend these
// drive the scheduler and its detectors; on a GPU the schedule is the hardware's, so the
// controls report that they are unavailable and the detectors report nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::backend {

// "gpu" or "cpu".
const char* name();
bool is_cpu();
// A one-line description: the GPU's name and compute capability, or the CPU backend.
std::string device_description();
// True when a device is usable now (a GPU present, or always on the CPU backend).
bool device_available();

enum class order { forward, reverse, random };
const char* order_name(order o);
// Chooses the order of threads between barriers and of blocks. False where it cannot be chosen.
bool set_schedule(order threads, order blocks, std::uint64_t seed);

struct detector_report {
  std::string kind;     // empty when nothing was detected; e.g. "divergent barrier", "hang"
  std::string message;  // human-readable, with file:line where known
};
// The first problem the detectors found since the last call.
detector_report take_report();
void set_print_reports(bool on);

// Access checks (CPU backend, kernels built with its instrumentation): while on, every launch
// records each thread's reads and writes between barriers, and take_access_findings() names each
// race or read of never-written shared memory by variable, lines, threads and barriers. False
// (and nothing found) where unavailable: on a GPU, or a build without the instrumentation.
struct access_finding {
  std::string summary;  // one line: what, where, which lines
  std::string report;   // multi-line: the lines' code, the threads, the barriers around them
};
bool set_access_checks(bool on);
std::vector<access_finding> take_access_findings();
// The access trace of the launches while on (`scanlab trace`), as JSON; false / "" where unavailable.
bool set_access_trace(bool on);
std::string take_access_trace_json();
void set_watchdog_seconds(double seconds);

}  // namespace scanlab::backend
