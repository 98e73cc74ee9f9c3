// A submission's result as JSON, complete (every test with its output, notes, the 'cannot grade'
// reason, timings), and back. Gradescope's results.json keeps it under extra_data, so a batch
// re-run can rebuild summary.csv, Markdown and JUnit for the submissions it skips.
#pragma once

#include <nlohmann/json.hpp>

#include "report/results.h"

namespace scanlab::grader {

nlohmann::json result_to_json(const submission_result& r);
// False when the JSON is not a result written by result_to_json.
bool result_from_json(const nlohmann::json& j, submission_result& r);

}  // namespace scanlab::grader
