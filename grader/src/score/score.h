// Score: a lab's tests and their points from the judged verdicts (judge_lab.h), under the rules
// that make a grade mean "correct code": correctness points need a case with n > 0 that passed;
// a data race costs the correctness points (whether it shows in one run is timing); a detector
// test gives points only to correct code, and only all or nothing. Also the lists of tests for a
// lab that scored zero before running (a build that failed, a scan on the host) or that cannot be
// graded here.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"
#include "report/results.h"
#include "plan/rubric.h"
#include "run/run_lab.h"

namespace scanlab::grader {

struct lab_score {
  std::vector<test_result> tests;  // in the plan's order, without performance
  bool clean = true;               // every test passed: the condition for performance points
};

lab_score score_lab(const lab_plan& plan, lab_runs& runs);

// Every test of the plan, performance included, at zero with this diagnosis and message.
std::vector<test_result> zero_tests(const lab_plan& plan, const lab_rubric& rb, const std::string& diagnosis,
                                    const std::string& message);
// Every test listed with 0 of 0, not graded, "not run: <why>": never the student's error, never a zero.
std::vector<test_result> cannot_grade_tests(const lab_plan& plan, const std::string& why);

}  // namespace scanlab::grader
