// The reports of one grading run, all from the same results: a terminal table, Gradescope's
// results.json, JUnit XML, Markdown, and (batch) one CSV line per submission. Files are written
// atomically (a temporary file in the same folder, then rename).
#pragma once

#include <string>
#include <vector>

#include "results.h"

namespace scanlab::grader {

std::string terminal_table(const submission_result& r, bool colour);
std::string gradescope_json(const submission_result& r);
std::string junit_xml(const std::vector<submission_result>& all);
std::string markdown_summary(const std::vector<submission_result>& all);
std::string csv_summary(const std::vector<submission_result>& all);

// False (with a message on stderr) when the file cannot be written.
bool write_atomically(const std::string& path, const std::string& content);

}  // namespace scanlab::grader
