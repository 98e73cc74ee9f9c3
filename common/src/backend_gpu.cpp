// scanlab/backend.h for the GPU: the hardware schedules, compute-sanitizer detects.
#include <cuda_runtime.h>

#include "scanlab/backend.h"

namespace scanlab::backend {

const char* name() { return "gpu"; }
bool is_cpu() { return false; }

bool device_available() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

std::string device_description() {
  cudaDeviceProp prop{};
  int device = 0;
  if (!device_available() || cudaGetDevice(&device) != cudaSuccess ||
      cudaGetDeviceProperties(&prop, device) != cudaSuccess)
    return "no usable GPU";
  return std::string(prop.name) + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ", " +
         std::to_string(prop.multiProcessorCount) + " SMs)";
}

const char* order_name(order o) {
  return o == order::forward ? "forward" : o == order::reverse ? "reverse" : "random";
}
bool set_schedule(order, order, std::uint64_t) { return false; }
bool set_resident_blocks(unsigned) { return false; }
detector_report take_report() { return {}; }
void set_print_reports(bool) {}
bool set_access_checks(bool) { return false; }
std::vector<access_finding> take_access_findings() { return {}; }
bool set_access_trace(bool) { return false; }
std::string take_access_trace_json() { return ""; }
void set_watchdog_seconds(double) {}
// A GPU keeps no record of who wrote its memory (the CPU backend's runs give that verdict).
void forget_writers(const void*, std::size_t) {}
host_copied_output find_host_copied(const float*, std::size_t) { return {}; }

}  // namespace scanlab::backend
