// The performance test: on a GPU, the submission timed in its lab's runner and the reference
// solution and a device copy (the yardsticks) in a runner that never loads a student's object, on
// the same fresh inputs, every timed output checked; scored by checks.h's score_performance after
// the cross-checks of timing_report.h. On the CPU backend listed as not graded. Only a lab whose
// every other test passed is timed. The design: grader/README.md, "Performance".
#pragma once

#include <optional>
#include <string>

#include "run/case_run.h"
#include "command/lab_grader.h"
#include "plan/plan.h"
#include "report/results.h"

namespace scanlab::grader {

struct performance_result {
  test_result test;
  std::optional<double> throughput_gelems;  // elements per ns, for the leaderboard
  std::string infrastructure_error;         // the timed run found no usable device: no grade at all
};

performance_result performance_test(const lab_job& job, const lab_plan& plan, const std::string& object, bool clean,
                                    lab_runner& runner);

}  // namespace scanlab::grader
