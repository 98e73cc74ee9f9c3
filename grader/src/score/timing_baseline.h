// The performance test's yardsticks, the device copy and the reference solution, timed in a runner
// that never loads a student's object (runner --serve, "baseline" lines; grader/runner/timing.h).
// One such server per grader process, shared by every lab it grades, so that its CUDA context is
// made once; the labs ask it in turn. Nothing a student wrote runs in it, so nothing a student wrote
// can slow the reference inside it or read its results.
#pragma once

#include <string>

#include "run/case_server.h"
#include "command/grader_config.h"

namespace scanlab::grader {

// Sends one "baseline" line and collects its protocol lines in `log` (run_case's contract).
sandbox_result run_baseline(const grader_config& config, const std::string& line, double wall_seconds,
                            protocol_log& log);

// The reference's and the copy's times go on from one measurement to the next in a grader run; a
// measurement far slower than the best one so far for the same object and n (a GPU shared with
// another process's work while it ran) is replaced by that best one. Returns whether it was.
struct baseline_times {
  double copy_ms = 0, reference_ms = 0;
};
bool steady_baseline(const std::string& key, baseline_times& measured);

}  // namespace scanlab::grader
