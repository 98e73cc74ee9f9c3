// After a GPU run is killed at its time limit, is the device free again? A kernel that spins for
// ever ends only when the driver tears down its context, after the process is gone; until then the
// GPU is busy, and every later run would be slowed or time out as well. The grader waits a bounded
// time for the killed runner to go, then asks the runner for a cheap device check (a memset and a
// synchronize) under a short limit. The answer is kept process-wide, so that the next lab graded
// in this batch checks the device again before it starts.
#pragma once

#include <string>

#include "command/grader_config.h"

namespace scanlab::grader {

struct device_check {
  bool free = false;
  std::string detail;  // what was found, for the report
  double seconds = 0;
};

// Waits up to `wait_s` for runners killed earlier to be reaped, then runs
// `scanlab-runner-gpu --check-device` with a limit of `limit_s`. Marks the GPU suspect (see below)
// when it is not free, clears the mark when it is.
device_check check_gpu_after_kill(const grader_config& config, double wait_s = 20, double limit_s = 20);

// True while a killed GPU run left the device busy and no check has shown it free since.
bool gpu_suspect();

}  // namespace scanlab::grader
