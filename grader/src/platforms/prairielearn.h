// PrairieLearn's external-grader results.json: score as a fraction 0..1, `gradable`, a message,
// and tests with name, points, max_points, message and output. PrairieLearn refuses a file over
// 1 MB, so outputs are cut (from the longest down) until the whole file fits under `limit`.
#pragma once

#include <cstddef>
#include <string>

#include "report/results.h"

namespace scanlab::grader {

// A lab that cannot be graded on this backend makes the whole submission `gradable: false`
// (PrairieLearn then records no score, so a backend limitation is never a zero for the student),
// with the reason in the message for the instructor's review.
std::string prairielearn_json(const submission_result& r, std::size_t limit = 1000 * 1000);

}  // namespace scanlab::grader
