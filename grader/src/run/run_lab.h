// Run: every case of a lab's plan, in order, on the objects its backends need (the build's, and a
// second one for the CPU backend's or AddressSanitizer's runs, built when the first such case
// comes), with the policies that keep grading bounded: a lab whose cases hang stops running them,
// a busy GPU runs nothing more, a run the CPU backend cannot do says so. What came of each case is
// kept by test group for the judge (judge_lab.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "run/case_run.h"
#include "plan/grading_case.h"
#include "command/lab_grader.h"
#include "plan/plan.h"

namespace scanlab::grader {

struct lab_runs {
  std::map<std::string, outcome_list> by_group;  // "edge", "barrier", ... and "race_sanitizer"
  std::vector<case_outcome> race_outcomes;       // the schedule differential's runs, in plan order
  std::string cpu_build_failed;  // GPU grader: why the CPU backend's build (for its detectors) failed
  std::string gpu_busy;          // set when a device check after a killed GPU run failed
  // Grading stopped before the last case, and why (for the report):
  enum class stop { none, cannot_grade, no_device, no_kernel, host_computed } stopped = stop::none;
  std::string stop_reason;
  // What the CPU backend's access checks found in the lab's first small failing case (run_lab.cpp):
  // judge_lab adds it to the first failing correctness case that has none (a GPU's, say).
  std::vector<std::string> access_findings;
};

lab_runs run_lab(const lab_job& job, const lab_plan& plan, const std::string& object, lab_runner& runner);

}  // namespace scanlab::grader
