// Files removed when the scope ends, however it ends: a case's and a timing's gigabyte inputs and
// outputs, which labs graded at once would otherwise pile up on the disk or the tmpfs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace scanlab::grader {

struct removed_on_exit {
  std::vector<std::string> paths;
  ~removed_on_exit() {
    std::error_code ec;
    for (const std::string& p : paths) std::filesystem::remove(p, ec);
  }
};

}  // namespace scanlab::grader
