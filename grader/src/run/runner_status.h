// What a runner writes to its status file (runner/runner_main.cpp), one line per event and
// unbuffered, so that it says where a killed run was: "call 1 start", "call 1 cuda cudaSuccess",
// "call 1 detector hang", "call 1 message ...", "call 1 layout out=full in=same", "workspace 4096",
// "finished", and for a timed run "student_ms 1.23" and the like.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace scanlab::grader {

// "call N <what>" lines as "call N <what>" -> the rest of the line; any other line as its first
// word -> its second. "call N message" lines (the backend's reports, their line breaks sent as
// \x1f) go to `messages` instead, in order; "call N finding" lines (the access checks': summary,
// \x1e, report) to `findings`.
struct access_finding_text {
  std::string summary, report;
};
std::map<std::string, std::string> parse_status(const std::string& path, std::vector<std::string>& messages,
                                                std::vector<access_finding_text>* findings = nullptr);

}  // namespace scanlab::grader
