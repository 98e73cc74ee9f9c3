// The report's "what failed:" groups (labs/harness/failure_groups.h): one finding is one group with
// one hint whatever its symptoms at each n; two findings stay two groups; failures that no finding
// names keep the grouping by symptom.
#include <string>
#include <vector>

#include "harness/case_finding.h"
#include "harness/failure_groups.h"
#include "scanlab_catch.hpp"

using namespace scanlab::harness;
using scanlab_test::contains_text;

namespace {

const std::string race_hint = "the output depends on the order threads run in: a race on `XY[1]`: ...";
const std::string steps_hint =
    "the first element of every section is right and later ones are wrong: the scan steps inside a section";

// The access checks' summary of the in-place Kogge-Stone's race, as at two sizes: other threads and
// elements, the same variable and line.
case_finding in_place_race(unsigned element) {
  return access_check_finding(
      "race on `XY[" + std::to_string(element) + "]`: thread " + std::to_string(element) +
          " wrote it at in_place.cu:31, thread " + std::to_string(element + 1) +
          " read it at in_place.cu:31, with no barrier between",
      race_hint);
}

failed_case_record found(std::size_t index, std::uint64_t n, const std::string& headline, case_finding f) {
  failed_case_record r;
  r.index = index;
  r.n = n;
  r.size = std::to_string(n);
  r.headline = headline;
  r.hint = f.hint;
  r.finding = std::move(f);
  r.access_checked = true;
  return r;
}

// A failure no check named: `checked` says whether the access checks ran on it (and found nothing).
failed_case_record unnamed(std::size_t index, std::uint64_t n, const std::string& headline, const std::string& hint,
                           failure_symptom symptom, bool checked = false) {
  failed_case_record r;
  r.index = index;
  r.n = n;
  r.size = std::to_string(n);
  r.headline = headline;
  r.hint = hint;
  r.symptom = symptom;
  r.access_checked = checked;
  return r;
}

std::vector<group_text> texts(const std::vector<failed_case_record>& records, std::size_t total = 19) {
  std::vector<group_text> out;
  for (const failure_group& g : group_failures(records)) out.push_back(describe_group(g, records, total));
  return out;
}

std::string all_notes(const group_text& t) {
  std::string s;
  for (const std::string& note : t.notes) s += note + "\n";
  return s;
}

}  // namespace

TEST_CASE("failure groups: one race is one group with one hint, whatever it looked like at each n", "[harness]") {
  // The in-place Kogge-Stone as the lab 2 check saw it (issue 43): named by the access checks up to
  // n = 8192, a schedule-dependent output and plain wrong values beyond.
  std::vector<failed_case_record> records = {
      found(3, 31, "wrong output", in_place_race(1)),
      found(4, 32, "wrong output", in_place_race(2)),
      unnamed(12, 31819, "wrong output", "... a race (element 2, section 0) ...", failure_symptom::thread_order),
      unnamed(13, 262144, "wrong output", steps_hint, failure_symptom::wrong_values),
      found(16, 3089, "race: the output depends on the schedule", in_place_race(1)),
      unnamed(17, 4101, "wrong output", steps_hint, failure_symptom::wrong_values),
  };
  records[5].size = "4101 (blocks reverse)";
  records[4].size = "3089 (schedules)";
  const std::vector<group_text> groups = texts(records);
  REQUIRE(groups.size() == 1);
  CHECK(groups[0].headline ==
        "6 of 19 cases: race on `XY[1]`: thread 1 wrote it at in_place.cu:31, thread 2 read it at in_place.cu:31, "
        "with no barrier between, first at n = 31 (case 4)");
  CHECK(groups[0].hint == race_hint);
  CHECK_THAT(all_notes(groups[0]), contains_text("found at n = 31, 32, 3089 (schedules)\n"));
  CHECK_THAT(all_notes(groups[0]),
             contains_text("also seen, where the access checks did not run, as wrong values at n = "
                           "4101 (blocks reverse), 262144; an output that depends on the thread order at n = 31819"));
}

TEST_CASE("failure groups: the smallest case with the finding names the group", "[harness]") {
  // Run order is not size order: a random size may come after larger edge sizes.
  const std::vector<failed_case_record> records = {
      found(6, 1025, "wrong output", in_place_race(7)),
      found(10, 550, "wrong output", in_place_race(3)),
  };
  const std::vector<group_text> groups = texts(records);
  REQUIRE(groups.size() == 1);
  CHECK_THAT(groups[0].headline, contains_text("race on `XY[3]`"));
  CHECK_THAT(groups[0].headline, contains_text("first at n = 550 (case 11)"));
  CHECK_THAT(all_notes(groups[0]), contains_text("found at n = 550, 1025"));
}

TEST_CASE("failure groups: a finding's identity is its kind, variable and lines", "[harness]") {
  const case_finding a = access_check_finding(
      "race on `XY[0]`: thread 0 wrote it at scan.cu:40, thread 1 read it at scan.cu:38, with no barrier between", "");
  const case_finding b = access_check_finding(
      "race on `XY[5]`: thread 6 read it at scan.cu:38, thread 5 wrote it at labs/lab2/scan.cu:40, with no barrier "
      "between",
      "");
  const case_finding other_line = access_check_finding(
      "race on `XY[0]`: thread 0 wrote it at scan.cu:41, thread 1 read it at scan.cu:38, with no barrier between", "");
  const case_finding other_variable = access_check_finding(
      "race on `temp[0]`: thread 0 wrote it at scan.cu:40, thread 1 read it at scan.cu:38, with no barrier between", "");
  const case_finding uninitialised = access_check_finding(
      "read of uninitialised shared memory `XY[3]`: thread 3 read it at scan.cu:38, and no thread of the block had "
      "written it",
      "");
  CHECK(a.kind == "race");
  CHECK(a.identity == b.identity);
  CHECK(a.identity != other_line.identity);
  CHECK(a.identity != other_variable.identity);
  CHECK(uninitialised.kind == "uninitialised read");
  CHECK(uninitialised.explains_wrong_values());

  // A divergent barrier: where the threads wait and return, not the launch site nor the barrier an
  // exited thread passed last.
  const std::string at_n1 =
      "divergent barrier in block (0,0,0) of kernel `kogge_stone_kernel` launched at /tmp/x/scan.cu:50 with grid "
      "(1,1,1) and block (1024,1,1):\n  1 thread (0) wait at __syncthreads() scan.cu:35\n  1023 threads (1-1023) have "
      "already exited (returned at scan.cu:20 before reaching any barrier)\n";
  const std::string at_n33 =
      "divergent barrier in block (0,0,0) of kernel `kogge_stone_kernel` launched at /elsewhere/scan.cu:50 with grid "
      "(1,1,1) and block (1024,1,1):\n  33 threads (0-32) wait at __syncthreads() scan.cu:35\n  991 threads (33-1023) "
      "have already exited (returned at scan.cu:20 after the barrier at scan.cu:35, before reaching this one)\n";
  const case_finding d1 = detector_finding("divergent barrier", at_n1, "hint");
  const case_finding d33 = detector_finding("divergent barrier", at_n33, "hint");
  CHECK(d1.identity == d33.identity);
  CHECK(d1.summary == "divergent barrier at scan.cu:20, scan.cu:35");
  CHECK_FALSE(d1.explains_wrong_values());

  // An out-of-bounds read: the line that read, not the harness's allocation of the buffer.
  const case_finding read_past = detector_finding(
      "global memory out of bounds",
      "out-of-bounds read of global memory by thread (1023,0,0) of block (0,0,0) in kernel `k` launched at "
      "/tmp/scan.cu:131 with grid (1,1,1) and block (1024,1,1):\n  at scan.cu:91:   while (*flag == 0);\n  the address "
      "0x7e is 17179865072 bytes past the end of a buffer of 8204 bytes allocated at device_buffer.cpp:72\n",
      "hint");
  CHECK(read_past.summary == "global memory out of bounds at scan.cu:91");
}

TEST_CASE("failure groups: two different bugs stay two groups", "[harness]") {
  const case_finding barrier = detector_finding(
      "divergent barrier", "  1 thread (0) wait at __syncthreads() scan.cu:35\n", "every thread of a block must reach");
  SECTION("a race and a divergent barrier: two findings, and a wrong value neither is picked for") {
    const std::vector<failed_case_record> records = {
        found(3, 31, "wrong output", in_place_race(1)),
        found(5, 33, "divergent barrier", barrier),
        found(6, 1023, "divergent barrier", barrier),
        unnamed(13, 262144, "wrong output", steps_hint, failure_symptom::wrong_values),
    };
    const std::vector<group_text> groups = texts(records);
    REQUIRE(groups.size() == 3);
    CHECK_THAT(groups[0].headline, contains_text("1 of 19 cases: race on `XY[1]`"));
    CHECK_THAT(groups[1].headline, contains_text("2 of 19 cases: divergent barrier at scan.cu:35, first at n = 33"));
    CHECK(groups[1].hint == "every thread of a block must reach");
    CHECK(groups[2].headline == "1 of 19 cases: wrong output, at n = 262144 (case 14)");
    CHECK(groups[2].hint == steps_hint);
  }
  SECTION("a race and a write past the output: the guard damage is no symptom of a race") {
    const std::vector<failed_case_record> records = {
        unnamed(3, 31, "wrote outside the output (guard zone damaged)", "guard every store with i < n",
                failure_symptom::other, true),
        found(7, 1024, "wrong output", in_place_race(1)),
        unnamed(13, 262145, "wrote outside the output (guard zone damaged)", "guard every store with i < n",
                failure_symptom::other),
    };
    const std::vector<group_text> groups = texts(records);
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].headline == "2 of 19 cases: wrote outside the output (guard zone damaged), first at n = 31 (case 4)");
    CHECK_THAT(groups[1].headline, contains_text("1 of 19 cases: race on `XY[1]`"));
  }
  SECTION("a wrong value the access checks ran on and found nothing in has another cause") {
    const std::vector<failed_case_record> records = {
        found(3, 31, "wrong output", in_place_race(1)),
        unnamed(8, 2049, "wrong output", "the carry-in of the earlier sections' total is missing",
                failure_symptom::wrong_values, true),
    };
    CHECK(texts(records).size() == 2);
  }
}

TEST_CASE("failure groups: failures without findings keep the grouping by symptom", "[harness]") {
  const std::vector<failed_case_record> records = {
      unnamed(1, 1, "output never written", "scan() did not write output[0], the only element",
              failure_symptom::other, true),
      unnamed(3, 31, "wrong output", steps_hint, failure_symptom::wrong_values, true),
      unnamed(8, 1025, "wrong output", steps_hint, failure_symptom::wrong_values, true),
      unnamed(13, 262144, "wrong output", steps_hint, failure_symptom::wrong_values),
  };
  CHECK(failure_key(records[1]) == failure_key(records[2]));
  const std::vector<group_text> groups = texts(records);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].headline == "1 of 19 cases: output never written, at n = 1 (case 2)");
  CHECK(groups[1].headline == "3 of 19 cases: wrong output, first at n = 31 (case 4)");
  CHECK(groups[1].hint == steps_hint);
  CHECK(groups[1].notes.empty());
}
