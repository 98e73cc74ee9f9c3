#include "util/trace.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace scanlab::grader {

namespace {

const std::chrono::steady_clock::time_point grader_start = std::chrono::steady_clock::now();

FILE* trace_file() {
  static FILE* f = [] {
    const char* path = std::getenv("SCANLAB_GRADER_TRACE");
    return path && *path ? std::fopen(path, "a") : nullptr;
  }();
  return f;
}

double since_start(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(t - grader_start).count();
}

}  // namespace

bool tracing() { return trace_file() != nullptr; }

trace_span::trace_span(std::string step) : step_(std::move(step)), start_(std::chrono::steady_clock::now()) {}

void trace_step(std::chrono::steady_clock::time_point start, const std::string& step) {
  FILE* f = trace_file();
  if (!f) return;
  const auto end = std::chrono::steady_clock::now();
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  std::fprintf(f, "%.3f %.3f %s\n", since_start(start), std::chrono::duration<double>(end - start).count(),
               step.c_str());
  std::fflush(f);
}

trace_span::~trace_span() { trace_step(start_, step_); }

}  // namespace scanlab::grader
