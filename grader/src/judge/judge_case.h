// Judge, one run: its verdict from what it left behind: how the process ended, what the backend
// reported in the status file, and the raw buffers the runner wrote (guard zones, input, output),
// checked here against core's fp64 reference. Nothing is run again here (case_run.h does that).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "plan/grading_case.h"
#include "run/guard_zones.h"
#include "run/runner_status.h"
#include "run/sandbox.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::grader {

// What one run left behind.
struct run_record {
  sandbox_result process;
  std::map<std::string, std::string> status;  // runner_status.h
  std::vector<std::string> messages;          // the backend's reports
  std::vector<access_finding_text> findings;  // the CPU backend's access checks (small cases)
  const float* input = nullptr;               // the case's input
  std::string output_path;                    // the runner's raw output
  int calls = 2;                              // calls of scan() the run was asked for
  double wall_seconds = 0;                    // its time limit
  std::size_t keep_output = 0;                // bytes of stdout and of stderr kept
};

struct judge_context {
  const core::lab_spec* spec = nullptr;
  const guard_zones* guards = nullptr;
  std::string temp_source;  // the work folder's copy of scan.cu, which messages name
  std::string display;      // "lab3-double-buffer/scan.cu": what reports name instead
};

case_outcome judge_run(const grading_case& c, run_record& record, const judge_context& ctx);

// "the access checks found:" and each finding's lines, indented, after `details`.
void add_access_findings(const std::vector<std::string>& findings, std::vector<std::string>& details);

// A value of an output as a report shows it: the number, or a NaN's bits (and "never written" for
// the output's poison).
std::string show_value(float v);

}  // namespace scanlab::grader
