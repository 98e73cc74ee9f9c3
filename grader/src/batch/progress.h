// One progress line on standard error during long work, rewritten in place; only on a terminal.
#pragma once

#include <mutex>
#include <string>

namespace scanlab::grader {

class progress_line {
 public:
  progress_line();
  void update(const std::string& text);
  void clear();
  bool enabled() const { return enabled_; }

 private:
  bool enabled_;
  std::mutex mutex_;
  std::size_t width_ = 0;
};

}  // namespace scanlab::grader
