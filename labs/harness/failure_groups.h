// What failed, grouped by cause: the "what failed:" block at the end of a lab check's report, and
// the "(same kind as case 4)" of a case that fails like an earlier one.
//
// One cause, one group, one hint (issue 43). The rule:
//  1. A case with a finding (case_finding.h: a race or an uninitialised read by variable and lines,
//     a divergent barrier, an out-of-bounds access, a hang) belongs to its finding's group,
//     whatever its symptom: the in-place Kogge-Stone's race on `XY` is one group whether a case
//     showed it as a wrong value or as an output that changes with the thread order.
//  2. A case without a finding of its own joins a finding's group only when all of these hold:
//     - the run named exactly one finding (one cause; with two there is nothing to pick by);
//     - that finding produces wrong values: a race or an uninitialised read (a barrier, a bounds
//       violation or a hang is reported as itself wherever it happens);
//     - the case's symptom is one such a finding produces: wrong values, an output that depends on
//       the thread order, a second call that differs from a right first one. Never an unwritten
//       output, damaged guard zones, a modified input, a crash, a CUDA error, or an output that
//       depends on the order of the *blocks* (a bug between blocks, not inside one);
//     - the access checks did not run on the case (sizes past 8192, block-order cases, a GPU): had
//       they run, they would have named the finding there; a case they found clean has another
//       cause.
//     The group then says where it was seen without being named ("also seen ... as: ...").
//  3. Every other case is grouped by its symptom, as before: its headline and hint without their
//     numbers.
// A finding's group is named by its case with the finding at the smallest n, the first one to
// replay, and takes that case's hint; a symptom's group by its first case in run order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case_finding.h"
#include "case_runner.h"

namespace scanlab::harness {

// What a failure without a finding looked like, as far as a finding could explain it.
enum class failure_symptom {
  wrong_values,     // a wrong output (first call)
  thread_order,     // an output that differs between thread orders (the schedule differential)
  changing_result,  // the second call wrong after a right first one
  other,            // anything a race does not produce (see rule 2)
};

// One failed case, as the grouping needs it.
struct failed_case_record {
  std::size_t index = 0;  // the case's position in the run, from 0
  std::uint64_t n = 0;
  std::string size;       // "31", "3089 (schedules)", "4101 (blocks reverse)"
  std::string headline, hint;
  std::optional<case_finding> finding;
  failure_symptom symptom = failure_symptom::other;
  bool access_checked = false;
};

failed_case_record record_of(std::size_t index, const case_result& r);

// Two cases fail "the same way" when their keys are equal: the finding's identity, else (rule 3)
// the headline and hint without their numbers.
std::string failure_key(const failed_case_record& record);

struct failure_group {
  std::vector<std::size_t> members;   // positions in the records, in run order
  std::vector<std::size_t> absorbed;  // the members without a finding of their own (rule 2)
  std::size_t lead = 0;               // the record the group's line names
  bool by_finding = false;
};

// The groups in the order their first member ran.
std::vector<failure_group> group_failures(const std::vector<failed_case_record>& records);

// A group as the report prints it: "16 of 19 cases: <headline>, first at n = 31 (case 4)", then
// the sizes and other symptoms of a finding's group, then the hint.
struct group_text {
  std::string headline;
  std::vector<std::string> notes;
  std::string hint;
};
group_text describe_group(const failure_group& group, const std::vector<failed_case_record>& records,
                          std::size_t total_cases);

}  // namespace scanlab::harness
