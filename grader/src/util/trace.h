// An opt-in timing trace for throughput work: with SCANLAB_GRADER_TRACE=FILE set, every traced
// step appends one line "<start s> <seconds> <step>" (start counted from the process's start) to
// FILE; the grader's runners inherit the variable and write their phases to the same file. Off, a span costs one branch. Used by the GPU throughput scripts to see where a
// grading's time goes; never part of a report.
#pragma once

#include <chrono>
#include <string>

namespace scanlab::grader {

bool tracing();

// Appends the line of a step that began at `start` and ends now (nothing when not tracing). For
// steps that follow one another, such as the runner's phases; trace_span uses it too.
void trace_step(std::chrono::steady_clock::time_point start, const std::string& step);

class trace_span {
 public:
  explicit trace_span(std::string step);  // the text is only built by callers when tracing()
  ~trace_span();
  trace_span(const trace_span&) = delete;
  trace_span& operator=(const trace_span&) = delete;

 private:
  std::string step_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace scanlab::grader
