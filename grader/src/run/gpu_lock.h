// Timing on a GPU happens alone: a performance run holds the device's lock exclusively, every
// other GPU run of the grader holds it shared. Correctness and sanitizer runs therefore overlap one
// another (builds and CPU-backend runs take no lock at all), and no timing shares the GPU with
// anything a grader started, whether from this process or another grader's on the same machine.
//
// The lock is a pair of flock(2) files per device in $SCANLAB_GPU_LOCK_DIR (default /tmp),
// scanlab-gpu-<device>.lock and .turnstile, where <device> is the first entry of
// CUDA_VISIBLE_DEVICES (the device a runner uses) or 0. A timing run waiting for the lock holds
// the turnstile, so runs that arrive after it wait behind it instead of starving it. The kernel
// drops a lock when its holder dies, so a killed grader never leaves the GPU locked.
#pragma once

#include <string>

namespace scanlab::grader {

class gpu_lock {
 public:
  enum class mode { none, shared, exclusive };
  // Blocks until the lock is held in `mode` (none: holds nothing). If the lock files cannot be
  // opened the run goes ahead unlocked, with a warning once: a lock must never stop grading.
  explicit gpu_lock(mode m);
  ~gpu_lock();
  gpu_lock(const gpu_lock&) = delete;
  gpu_lock& operator=(const gpu_lock&) = delete;

  // The lock file of this process's device (for messages and tests).
  static std::string path();

 private:
  int fd_ = -1;
};

}  // namespace scanlab::grader
