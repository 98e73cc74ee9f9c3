// `scanlab grade`: checks what it was asked (labs, rubric, backend, seed, submissions), grades
// (batch.h), and writes the reports (reports.h, prairielearn.h).
//
// Exit codes: 0 grading completed (whatever the score); 2 misuse (bad option, unknown lab, a
// submission folder that does not exist, a rubric that does not parse); 3 this build cannot grade
// as asked (no runner for the backend, configuration missing); 4 this machine cannot grade as
// asked (`--backend gpu` and no usable GPU): no grade is written, since nothing was the
// submission's fault.
#pragma once

#include "command/grade_options.h"

namespace scanlab::grader {

constexpr int exit_misuse = 2;
constexpr int exit_cannot = 3;
constexpr int exit_no_device = 4;

int grade_command(grade_options& options);

}  // namespace scanlab::grader
