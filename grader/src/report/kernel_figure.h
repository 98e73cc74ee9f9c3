// `scanlab grade --figures DIR`: for a lab that failed, a drawing of what its kernel did for
// n = 16 (the access trace of one call, drawn by scanlab-trace next to the taught algorithm), so
// that a student sees the rows and the red races of their own code.
#pragma once

#include <string>

#include "command/lab_grader.h"
#include "plan/plan.h"

namespace scanlab::grader {

// Writes job.figure; returns the note for the lab's report: where the drawing is, or why there is none.
std::string draw_kernel(const lab_job& job, const lab_plan& plan);

}  // namespace scanlab::grader
