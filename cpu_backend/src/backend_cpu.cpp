// scanlab/backend.h for the CPU backend: forwards to its scheduler and detectors.
#include "scanlab/backend.h"
#include "scanlab/cpu/control.h"

namespace scanlab::backend {

const char* name() { return "cpu"; }
bool is_cpu() { return true; }
bool device_available() { return true; }
std::string device_description() { return "scanlab CPU backend (one fiber per CUDA thread, one block at a time)"; }

const char* order_name(order o) {
  return o == order::forward ? "forward" : o == order::reverse ? "reverse" : "random";
}

bool set_schedule(order threads, order blocks, std::uint64_t seed) {
  auto convert = [](order o) {
    return o == order::forward ? cpu::order::forward : o == order::reverse ? cpu::order::reverse : cpu::order::random;
  };
  cpu::set_schedule({convert(threads), convert(blocks), seed});
  return true;
}

detector_report take_report() {
  cpu::report r = cpu::take_report();
  if (r.kind == cpu::problem::none) return {};
  return {cpu::problem_name(r.kind), r.message};
}

void set_print_reports(bool on) { cpu::set_print_reports(on); }

bool set_access_checks(bool on) {
  cpu::set_access_checks(on ? cpu::access_checks::on : cpu::access_checks::off);
  return on && cpu::access_checks_available();
}
bool set_access_trace(bool on) { return cpu::set_access_trace(on); }
std::string take_access_trace_json() { return cpu::take_access_trace_json(); }

std::vector<access_finding> take_access_findings() {
  std::vector<access_finding> out;
  for (cpu::access_finding& f : cpu::take_access_findings()) out.push_back({std::move(f.summary), std::move(f.report)});
  return out;
}
void set_watchdog_seconds(double seconds) { cpu::set_watchdog_seconds(seconds); }
bool set_resident_blocks(unsigned blocks) {
  cpu::set_resident_blocks(blocks);
  return true;
}

void forget_writers(const void* device, std::size_t bytes) { cpu::forget_writers(device, bytes); }
host_copied_output find_host_copied(const float* device, std::size_t n) {
  const cpu::host_written w = cpu::find_host_written(device, n * sizeof(float));
  return {w.whole_page, w.first_byte / sizeof(float), w.bytes / sizeof(float)};
}

}  // namespace scanlab::backend
