// What the check prints: a header, one line per case (or only the failures with --quiet), a block
// for the first failure of each kind (mismatch, hint, replay command) and one line for each
// further failure of that kind, then what failed grouped by cause (failure_groups.h), the smallest
// failing case's replay command and the one-line summary.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "case_runner.h"
#include "failure_groups.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::harness {

struct suite_counts {
  std::size_t passed = 0, failed = 0, skipped = 0, not_run = 0;
  std::size_t run() const { return passed + failed; }
};

class reporter {
 public:
  // out == nullptr: print nothing.
  reporter(std::FILE* out, bool color, bool quiet) : out_(out), color_(color), quiet_(quiet) {}

  void header(const core::lab_spec& spec, const std::string& device, std::size_t cases);
  // Also prepares the report a crash in the case prints (crash_report.h).
  void case_started(std::size_t index, std::size_t total, const std::string& description,
                    const std::string& replay = "", bool has_workspace = false);
  void case_finished(std::size_t index, std::size_t total, const std::string& description, const case_result& r);
  void not_run(std::size_t count, const std::string& why);
  void summary(const core::lab_spec& spec, const suite_counts& counts, double seconds);

 private:
  struct failed_case {
    std::size_t index = 0;
    std::uint64_t n = 0;
    std::string description, replay;
  };
  std::string paint(const std::string& text, int ansi_color, bool bold = false) const;
  void print_failure_groups(std::size_t total);
  std::FILE* out_;
  bool color_;
  bool quiet_;
  std::vector<failed_case> failures_;
  std::vector<failed_case_record> records_;  // the same failures, for grouping by cause
};

// "lab3 (cpu backend, solution): 18/18 cases passed"
std::string summary_line(const core::lab_spec& spec, const suite_counts& counts);

}  // namespace scanlab::harness
