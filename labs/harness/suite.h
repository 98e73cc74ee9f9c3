// The whole check of one lab: command line, the list of cases, running them, the summary.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "case_runner.h"
#include "check_identity.h"
#include "report.h"
#include "scan_functions.h"
#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::harness {

struct suite_options {
  std::optional<std::uint64_t> n;  // run only this size (a replay)
  std::uint64_t seed = 1;          // with n: the case's seed; without: the suite's base seed
  core::data_kind data = core::data_kind::small_integers;
  bool schedules = false;          // with n: the schedule differential instead of a normal case
  bool quiet = false;
  bool list = false;
  bool color = false;
  std::string executable;          // as replay commands should name it
  bool diagnose_races = true;
  bool access_checks = false;  // --access-checks: check every small case, not only failing ones
  std::optional<case_def> dataset;  // --dataset DIR: run only this case (see dataset_case.h)
};

struct suite_result {
  std::vector<case_result> results;
  suite_counts counts;
  bool all_passed() const { return counts.failed == 0 && counts.not_run == 0; }
};

// The cases the options select.
std::vector<case_def> select_cases(const core::lab_spec& spec, const suite_options& options);

// Runs the selected cases, printing to `out` (nullptr: silent). Stops early when a GPU's context
// is lost (the remaining cases count as failed, "not run").
suite_result run_suite(const core::lab_spec& spec, const scan_functions& functions, const suite_options& options,
                       std::FILE* out);

// main() of a check executable: parses argv, runs, returns the exit status (0: every case passed,
// 1: a case failed, 2: bad arguments, 77: no usable GPU for a gpu-backend check).
int check_main(const core::lab_spec& spec, const scan_functions& functions, int argc, char** argv);

// The lab_spec of a check: the registry's entry for its lab, with its variant and backend. Exits
// with status 2 and a message when the lab is not in the registry (labs/labs.json).
core::lab_spec spec_of(const check_identity& check);

}  // namespace scanlab::harness
