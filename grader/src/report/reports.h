// The reports of one grading run, all from the same results: a terminal table, Gradescope's
// results.json, PrairieLearn's results.json (prairielearn.h), JUnit XML, Markdown, and (batch)
// one CSV line per submission. Files are written atomically (a temporary file in the same folder,
// then rename).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/results.h"

namespace scanlab::grader {

// How a test reads in every report. A test that did not run (no tool for it, CPU performance, a
// lab that cannot be graded here) or whose points were withheld (a detector that found nothing,
// gated on correctness) never reads as passed or failed.
enum class test_state { passed, failed, withheld, not_run };
test_state state_of(const lab_result& lab, const test_result& t);
const char* state_word(test_state s);  // "passed", "failed", "withheld", "not run"
// The student-facing text of a test: for a withheld test, why, without the "N of N cases
// passed" line that would read as a pass; for a lab that cannot be graded here, that reason.
std::string test_text(const lab_result& lab, const test_result& t);
// ASCII only (JSON must be UTF-8, and a submission's output may be anything): every other byte
// becomes '?', so a cut at any byte leaves valid text.
std::string printable(const std::string& s);
// A text's first line for one-line places, with the next line when it ends in a colon.
std::string first_line(const std::string& s);
// "cannot grade this here: <reason>" of every such lab, one line each ("" when none).
std::vector<std::string> review_reasons(const submission_result& r);

// The table `scanlab grade` prints, `width` columns wide at most (80 or more): each failed test's
// diagnosis wrapped at word boundaries, whole lines only, up to 12 of them.
std::string terminal_table(const submission_result& r, bool colour, int width = 100);
// The terminal's width when stdout is one, else $COLUMNS, else 100.
int terminal_width();
// fingerprint: what the result was graded from (batch re-runs compare it); kept in extra_data.
// graded_from: the same inputs for a person (batch_resume.h), kept beside it.
std::string gradescope_json(const submission_result& r, const std::string& fingerprint = "",
                            const nlohmann::json& graded_from = nullptr);
std::string junit_xml(const std::vector<submission_result>& all);
std::string markdown_summary(const std::vector<submission_result>& all);
std::string csv_summary(const std::vector<submission_result>& all);

// False (with a message on stderr) when the file cannot be written.
bool write_atomically(const std::string& path, const std::string& content);

}  // namespace scanlab::grader
