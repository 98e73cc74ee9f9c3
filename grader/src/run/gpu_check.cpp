#include "run/gpu_check.h"

#include <atomic>
#include <chrono>

#include <fmt/format.h>

#include "run/sandbox.h"

namespace scanlab::grader {

namespace {
std::atomic<bool> suspect{false};
}  // namespace

bool gpu_suspect() { return suspect.load(); }

device_check check_gpu_after_kill(const grader_config& config, double wait_s, double limit_s) {
  device_check d;
  const auto t0 = std::chrono::steady_clock::now();
  const bool gone = wait_for_unreaped(wait_s);
  sandbox_limits limits;
  limits.wall_seconds = limit_s;
  limits.kill_grace_seconds = 2;
  const sandbox_result s = run_sandboxed({config.runner("gpu"), "--check-device"}, {}, limits);
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  d.free = s.ok() && gone;
  if (d.free) {
    d.detail = fmt::format("the GPU was checked after the killed run and is free ({:.1f} s)", d.seconds);
  } else {
    std::string why;
    if (!gone) why = fmt::format("a killed runner was still not gone after {:.0f} s", wait_s);
    if (!s.ok()) {
      if (!why.empty()) why += "; ";
      why += s.timed_out ? fmt::format("a device check (a memset and a synchronize) did not finish within {:.0f} s",
                                       limit_s)
                         : fmt::format("the device check failed ({}): {}", s.describe(),
                                       truncate_text(s.err, s.err_bytes, 400));
    }
    d.detail = "the GPU was left busy by the killed run: " + why;
  }
  suspect.store(!d.free);
  return d;
}

}  // namespace scanlab::grader
