// Runs one case: buffers with guards, poisoned output and workspace, two calls of scan(), and
// every check of the result (CUDA errors, detector reports, guards, input, output, races).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case_finding.h"
#include "cases.h"
#include "scan_functions.h"
#include "scanlab/core/lab_spec.h"
#include "scanlab/core/verify.h"
#include "scanlab/schedule_differential.h"

namespace scanlab::harness {

enum class case_status { passed, failed, skipped };

struct case_result {
  case_def def;
  case_status status = case_status::passed;
  std::string headline;              // "output never written", "wrong output", "hang", ...
  std::vector<std::string> details;  // further lines of the report
  std::string hint;
  std::string replay;                // shell command that runs this case again
  int failed_call = 0;               // 1 or 2: which call of scan() went wrong (0: none / not a call)
  double seconds = 0;                // the whole case
  bool context_lost = false;         // GPU: a sticky error; no later case can run in this process
  bool timed_out = false;            // GPU: a call still running after time_limit_s
  std::string detector_kind;         // the CPU backend's report, when one failed the case
  std::optional<core::output_check> output;
  std::optional<schedule_difference> race;
  // The cause a check named (the access checks' race or uninitialised read, the first of them; or
  // a detector's report): the report groups cases by it (failure_groups.h).
  std::optional<case_finding> finding;
  bool access_checked = false;       // CPU: the access checks ran on this case (whether or not they found anything)
};

struct runner_context {
  core::lab_spec spec;
  scan_functions functions;
  std::string executable;   // for replay commands
  schedule_settings env;    // the environment's schedule: normal cases run under it
  bool diagnose_races = true;  // CPU: re-run a wrong small case under other schedules
  bool check_every_case = false;  // CPU, kernels built for the access checks: check the first call of every small case
};

case_result run_case(const runner_context& ctx, const case_def& c);

}  // namespace scanlab::harness
