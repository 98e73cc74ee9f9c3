// Unit tests of what the performance test concludes from its timed runs' protocol lines
// (grader/src/score/timing_report.h): the order the runner writes them in, forged and duplicate records,
// wrong timed outputs, checksums against the reference's, and the grader's own clock.
#include <string>
#include <vector>

#include "scanlab_catch.hpp"
#include "score/timing_report.h"

using namespace scanlab::grader;
using scanlab_test::contains_text;

namespace {

// A student's run as the runner writes it: 3 warm-up and 4 timed calls of 1 ms each, the grader's
// clock seeing 4 x (1 + 0.5) ms between "timed" and "returned".
std::vector<timed_line> honest_run(const std::string& record_fields = "") {
  return {{"begin", 0},
          {"call", 1},
          {"timed", 10},
          {"returned", 16},
          {"timing cuda=cudaSuccess calls=4 sums=a,b,c,d,e,f,g median_ms=1.000000 leftover_calls=0 "
           "leftover_max_ms=0.000000" + record_fields,
           16.1},
          {"done", 16.2}};
}

baseline_report baseline_of(const std::string& sums = "a,b,c,d,e,f,g") {
  return read_baseline({{"begin", 0},
                        {"call", 1},
                        {"returned", 20},
                        {"baseline cuda=cudaSuccess calls=4 sums=" + sums +
                             " copy_ms=0.400000 reference_ms=0.800000 overhead_ms=0.500000",
                         20.1},
                        {"done", 20.2}});
}

}  // namespace

TEST_CASE("timing report: an honest run is measured, its checksums are the reference's, the clock agrees") {
  const baseline_report b = baseline_of();
  REQUIRE(b.ok);
  CHECK(b.reference_ms == 0.8);
  CHECK(b.copy_ms == 0.4);
  CHECK(b.overhead_ms == 0.5);
  student_report s = read_student(honest_run());
  REQUIRE(s.result == student_report::verdict::measured);
  CHECK(s.median_ms == 1.0);
  CHECK(s.calls == 4);
  CHECK(s.wall_ms == 6.0);
  compare_sums(s, b);
  CHECK(s.result == student_report::verdict::measured);
  const clock_check c = check_clock(s, b.overhead_ms);
  CHECK(c.estimate_ms == 1.0);
  CHECK_FALSE(c.implausible);
}

TEST_CASE("timing report: a record written twice, early or out of order is tampering") {
  std::vector<timed_line> twice = honest_run();
  twice.insert(twice.begin() + 4, {"timing cuda=cudaSuccess calls=4 sums=- median_ms=0.01", 16});
  student_report s = read_student(twice);
  CHECK(s.result == student_report::verdict::tampered);
  CHECK_THAT(s.problem, contains_text("a second 'timing' line"));

  // A forged "returned" and record before the runner's own "returned".
  std::vector<timed_line> early = honest_run();
  early.insert(early.begin() + 3, {"returned", 11});
  CHECK(read_student(early).result == student_report::verdict::tampered);

  // The record before the timed calls.
  std::vector<timed_line> order = {{"begin", 0}, {"call", 1}, {"timing cuda=cudaSuccess calls=4", 2}, {"timed", 3}};
  s = read_student(order);
  CHECK(s.result == student_report::verdict::tampered);
  CHECK_THAT(s.problem, contains_text("'timed' after 'timing'"));

  // A line the runner never writes.
  std::vector<timed_line> unknown = honest_run();
  unknown.insert(unknown.begin() + 2, {"student_ms 0.01", 5});
  CHECK(read_student(unknown).result == student_report::verdict::tampered);

  // A whole report with call, returned and done but no timed calls between them.
  s = read_student({{"begin", 0}, {"call", 1}, {"returned", 2}, {"timing cuda=cudaSuccess calls=30 median_ms=0.01", 3},
                    {"done", 4}});
  CHECK(s.result == student_report::verdict::tampered);
}

TEST_CASE("timing report: a complete forged record is caught by its checksums") {
  // In the right order, but its sums were not computed from the seeds (a forger writes "-").
  std::vector<timed_line> forged = {{"begin", 0}, {"call", 1}, {"timed", 10}, {"returned", 10.5},
                                    {"timing cuda=cudaSuccess calls=30 sums=- median_ms=0.010000 leftover_calls=0", 10.6},
                                    {"done", 10.7}};
  student_report s = read_student(forged);
  REQUIRE(s.result == student_report::verdict::measured);
  compare_sums(s, baseline_of());
  CHECK(s.result == student_report::verdict::tampered);
  // One checksum different from the reference's.
  s = read_student(honest_run());
  compare_sums(s, baseline_of("a,b,c,X,e,f,g"));
  CHECK(s.result == student_report::verdict::tampered);
  CHECK_THAT(s.problem, contains_text("call 4's output"));
}

TEST_CASE("timing report: a wrong timed output is its own verdict, with call, index and values") {
  std::vector<timed_line> lines = {{"begin", 0}, {"call", 1}, {"returned", 3},
                                   {"timing cuda=cudaSuccess calls=0 sums=a,b,zz wrong=3:1024:-175:4 median_ms=0", 3.1},
                                   {"done", 3.2}};
  student_report s = read_student(lines);
  REQUIRE(s.result == student_report::verdict::wrong_output);
  CHECK(s.wrong_call == 3);
  CHECK(s.wrong_index == "1024");
  CHECK(s.expected == "-175");
  CHECK(s.got == "4");
  compare_sums(s, baseline_of());  // the wrong call's own checksum is not compared
  CHECK(s.result == student_report::verdict::wrong_output);
}

TEST_CASE("timing report: the grader's clock flags a median far below what it saw") {
  // Reported 0.01 ms a call, but 4 timed calls took 6 ms on the grader's clock (0.5 ms overhead each).
  std::vector<timed_line> lines = honest_run();
  lines[4].text = "timing cuda=cudaSuccess calls=4 sums=a,b,c,d,e,f,g median_ms=0.010000 leftover_calls=0";
  student_report s = read_student(lines);
  const clock_check c = check_clock(s, 0.5);
  CHECK(c.estimate_ms == 1.0);
  CHECK(c.implausible);
  // Noise is not flagged: 0.6 ms reported against the clock's 1.0.
  lines[4].text = "timing cuda=cudaSuccess calls=4 sums=a,b,c,d,e,f,g median_ms=0.600000 leftover_calls=0";
  CHECK_FALSE(check_clock(read_student(lines), 0.5).implausible);
}

TEST_CASE("timing report: failures are failures, not verdicts on the code") {
  student_report s = read_student({{"begin", 0}, {"timing failed=cannot-load x.so", 1}, {"done", 2}});
  CHECK(s.result == student_report::verdict::failed);
  CHECK_THAT(s.problem, contains_text("cannot-load"));
  s = read_student({{"begin", 0}, {"call", 1}, {"timed", 2}});  // the process died in a timed call
  CHECK(s.result == student_report::verdict::failed);
  std::vector<timed_line> sticky = honest_run();
  sticky[4].text = "timing cuda=cudaErrorIllegalAddress calls=2 sums=a,b,c,d,e median_ms=1.0";
  CHECK(read_student(sticky).result == student_report::verdict::failed);
  CHECK_FALSE(read_baseline({{"begin", 0}, {"baseline failed=cudaMalloc", 1}}).ok);
  CHECK_FALSE(read_baseline({{"begin", 0}, {"call", 1}, {"returned", 2},
                             {"baseline cuda=cudaSuccess calls=4 sums=a wrong=1:0:1:2 copy_ms=1 reference_ms=1", 3}})
                  .ok);
}

TEST_CASE("timing report: record fields") {
  auto f = record_fields("timing cuda=cudaSuccess calls=30 median_ms=0.5");
  CHECK(f[""] == "timing");
  CHECK(f["calls"] == "30");
  CHECK(f["median_ms"] == "0.5");
}
