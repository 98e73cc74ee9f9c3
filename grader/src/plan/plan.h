// Plan: which tests a lab of a submission gets, with their points, and which runs decide them.
// The sizes come from core's case plan (scanlab/core/case_plan.h), the same the lab's check
// executable uses; this adds what grading runs them under (schedules, backends, sanitizers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plan/grading_case.h"
#include "command/lab_grader.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::grader {

struct planned_test {
  std::string kind, title;  // "edge", "edge sizes"
  double points = 0;
};

struct lab_plan {
  core::lab_spec spec;         // the lab, its backend the one graded on (gpu or cpu)
  std::string label;           // "lab 3"
  std::string display;         // "lab3-double-buffer/scan.cu", as the student knows the file
  std::string source;          // the submission's scan.cu
  bool gpu = false;            // graded on a GPU
  // A GPU runs a divergent barrier or a chain on blockIdx.x without a visible fault (its blocks
  // start in index order, its threads in lockstep), so on a GPU the CPU backend's schedule runs
  // are graded too whenever this build has the CPU runner.
  bool cpu_schedules = false;  // the CPU backend's schedule runs are part of the grade
  bool hybrid = false;         // both: graded on a GPU with the CPU backend's schedule runs
  std::uint64_t unit = 0;      // the larger of the lab's check section and a block's elements
  std::uint64_t schedules_n = 0;  // the size of the race test's schedule runs
  std::vector<planned_test> tests;   // in report order (performance comes last, apart)
  std::vector<grading_case> cases;   // in run order (a case's index seeds its input)
};

lab_plan plan_lab(const lab_job& job);

}  // namespace scanlab::grader
