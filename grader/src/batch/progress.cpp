#include "batch/progress.h"

#include <unistd.h>

#include <cstdio>

namespace scanlab::grader {

progress_line::progress_line() : enabled_(isatty(2) != 0) {}

void progress_line::update(const std::string& text) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  std::string line = text.substr(0, 100);
  const std::size_t pad = width_ > line.size() ? width_ - line.size() : 0;
  std::fprintf(stderr, "\r%s%*s", line.c_str(), static_cast<int>(pad), "");
  std::fflush(stderr);
  width_ = line.size();
}

void progress_line::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (width_ > 0) std::fprintf(stderr, "\r%*s\r", static_cast<int>(width_), "");
  width_ = 0;
}

}  // namespace scanlab::grader
