// What a harness or test may ask of whichever backend it was built for. On the CPU backend these
// drive the scheduler and its detectors; on a GPU the schedule is the hardware's, so the
// controls report that they are unavailable and the detectors report nothing.
#pragma once

#include <cstddef>
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
// Blocks that may wait for each other at once (CPU backend; 0: as many as the GPU would hold, 1:
// one at a time, the labs' harness). False where it cannot be chosen.
bool set_resident_blocks(unsigned blocks);

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

// An output computed on the host and copied in (the CPU backend; a GPU cannot tell, and finds
// nothing): device memory remembers whether a cudaMemcpy from host memory or a cudaMemset wrote it
// last, rather than a kernel. A harness forgets the writers of the output after poisoning it, and
// after the call asks about the output. A kernel that writes part of a page counts for the page.
struct host_copied_output {
  bool found = false;         // on some page of the output every element holds what the host wrote
  std::size_t first = 0;      // that page's first element of the output
  std::size_t elements = 0;   // elements of the whole output that hold what the host wrote
};
void forget_writers(const void* device, std::size_t bytes);
host_copied_output find_host_copied(const float* device, std::size_t n);

}  // namespace scanlab::backend
