// What the performance test concludes from the protocol lines of its two timed runs (the runner's
// side: grader/runner/timing.h; the design: grader/README.md, "Performance"). Pure decisions,
// unit-tested by the grader's own tests (test_timing_report.cpp).
//
// A run's lines, in the only order the runner writes them:
//   student:  begin, call, timed, returned, "timing <fields>", done
//   baseline: begin, call, returned, "baseline <fields>", done
// ("timing failed=..." / "baseline failed=..." may come without call, timed and returned). The
// grader takes the first record; any line twice, out of order or unknown means that code in the
// student's process wrote on the runner's channel: the report was tampered with.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace scanlab::grader {

struct timed_line {
  std::string text;
  double at_ms = 0;  // when the grader read it (any fixed origin)
};

// "word key=value key=value ..." -> {key: value}; the word under "".
std::map<std::string, std::string> record_fields(const std::string& line);

struct baseline_report {
  bool ok = false;
  std::string problem;  // why not ok
  double copy_ms = 0, reference_ms = 0, overhead_ms = 0;
  std::vector<std::string> sums;  // per call, warm-up first: the reference's output checksums
};
baseline_report read_baseline(const std::vector<timed_line>& lines);

struct student_report {
  enum class verdict { measured, wrong_output, tampered, failed };
  verdict result = verdict::failed;
  std::string problem;  // tampered or failed: what was seen
  double median_ms = 0;
  int calls = 0;  // timed calls
  int leftover_calls = 0;
  double leftover_max_ms = 0;
  double wall_ms = 0;  // the grader's clock from "timed" to "returned"
  std::vector<std::string> sums;
  int wrong_call = 0;  // counted from 1, warm-up calls first
  std::string wrong_index, expected, got;
};
student_report read_student(const std::vector<timed_line>& lines);

// The student's checksums against the reference's for the same seeds: a call the runner reported
// right whose checksum differs was never computed by that runner. Marks the report tampered.
void compare_sums(student_report& s, const baseline_report& b);

// The grader's own estimate of a timed call: its clock over the timed calls less what the
// baseline's iterations cost besides the call (input, flush, synchronize, check), per call.
// Implausible when the reported median is below half of it, less 0.125 ms: an honest run reports
// about the estimate (its iterations are the baseline's), so only a report not made by the runner,
// or a machine stalled for about as long as the whole timed run, gets there.
struct clock_check {
  double estimate_ms = 0;
  bool implausible = false;
};
clock_check check_clock(const student_report& s, double overhead_ms);

}  // namespace scanlab::grader
