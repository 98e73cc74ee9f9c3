// Judge, across a lab's runs: the findings that no single run decides. The race test compares the
// schedule differential's outputs (and takes a correctness case that was right only under another
// thread order); the barrier and memory tests take the first divergent barrier, deadlock, hang or
// out-of-bounds write any run found. Other failures of the detector runs (a wrong output under a
// sanitizer, say) are the correctness tests' business and do not count there.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "plan/plan.h"
#include "run/run_lab.h"

namespace scanlab::grader {

// Rewrites runs.by_group so that each test group holds the verdicts its test is scored on.
void judge_lab(lab_runs& runs, const lab_plan& plan);

// Where two runs' outputs first differ bit for bit; none when they agree or cannot be compared
// (a run without an output, or outputs of different lengths).
std::optional<std::size_t> first_difference(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace scanlab::grader
