// What a harness or test may ask of whichever backend it was built for. On the CPU backend these
// drive the scheduler and its detectors; on a GPU the schedule is the hardware's, so the
// controls report that they are unavailable and the detectors report nothing.
#pragma once

#include <cstdint>
#include <string>

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
void set_watchdog_seconds(double seconds);

}  // namespace scanlab::backend
