// The grader's pure decisions, kept apart from processes and files so that they are unit-tested
// (the grader's test_checks.cpp): what a compiler message shows, whether source code calls a
// library scan, and how a timed run scores.
#pragma once

#include <string>

namespace scanlab::grader {

// Source without comments (string literals are left alone).
std::string strip_comments(const std::string& source);

// nvcc writes `file(23): error: ...`; gcc and clang `file:23:5: error: ...`. Rewrites the first
// form of each line to `file:23: error: ...`, so every report shows file:line alike.
std::string rewrite_nvcc_locations(const std::string& text);

// A compiler's output with the temporary source path replaced by the name the student knows,
// nvcc's locations rewritten, and cut to the first ten error lines (or the first 4000 bytes
// when no line says "error").
std::string compiler_message(const std::string& text, const std::string& temp_source, const std::string& display);
// Every occurrence of `from` in text becomes `to` (the work folder's copy of scan.cu becomes the
// path the student knows); nothing when `from` is empty.
void replace_all(std::string& text, const std::string& from, const std::string& to);
// The student's path (display, "lab3-double-buffer/scan.cu") for the grading copy's: this run's
// (temp_source) and any earlier run's work folder, ".../<k>-lab3-double-buffer/scan.cu", which a
// cached object may name (-ffile-prefix-map does not reach every string the compiler embeds).
void show_student_path(std::string& text, const std::string& temp_source, const std::string& display);

// A file the CPU backend rejects by name (an out-of-scope feature or a limitation of the backend)
// rather than a compile error of the student's: the backend words every such rejection
// "scanlab CPU backend: <what> ...", from the rewriter, a header, a static_assert or the runtime.
struct backend_rejection {
  bool found = false;
  std::string feature;  // the backend's own words after "scanlab CPU backend: "
  int line = 0;         // the line of the student's file it points at (0: unknown)
};
// compiler_text: a compiler's (or a run's) messages, with the student's file already shown as
// `display`. A library header's stub ("A lab must implement its own scan") is not a rejection.
backend_rejection find_backend_rejection(const std::string& compiler_text, const std::string& display);
// "the CPU backend cannot build or run lab1-naive/scan.cu: <feature> (line 9); nvcc accepts it, so this
// lab must be graded on a GPU"
std::string describe_rejection(const backend_rejection& r, const std::string& display);

// The first library scan that comment-free code uses, as written ("" when none): CUB, Thrust or
// CUDPP headers and namespaces, and the standard library's scans (std::inclusive_scan,
// std::exclusive_scan, std::transform_inclusive_scan, std::transform_exclusive_scan,
// std::partial_sum, also unqualified where <numeric> or `using namespace std` makes them
// reachable, and libstdc++'s __gnu_parallel). A function of the student's own with one of those
// names is not a library call.
std::string find_library_scan(const std::string& code);

// The performance test's score from the medians of one timed run.
struct performance_inputs {
  double student_ms = 0, reference_ms = 0, copy_ms = 0;  // medians, same n, same process
  double full_at = 0.85, zero_at = 0.25;  // fractions of the reference's throughput
  double max_of_copy = 1.1;  // a scan reads and writes what a copy does: faster than this is forged
  double points = 2;         // max score
};
struct performance_verdict {
  double score = 0;
  bool passed = false;
  std::string diagnosis;  // "" | implausible_timing | performance_run_failed
  std::string problem;    // why there are no points, for the report ("" when scored)
  double of_reference = 0, of_copy = 0;  // throughput relative to the reference and to the copy
};
performance_verdict score_performance(const performance_inputs& in);

}  // namespace scanlab::grader
