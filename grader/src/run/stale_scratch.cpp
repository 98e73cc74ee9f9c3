#include "run/stale_scratch.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPrefix = "scanlab-grade-";
constexpr const char* kOwnerFile = "owner";

// "pid:[4026531836]": the same text for every process of one pid namespace.
std::string pid_namespace() {
  std::error_code ec;
  const fs::path link = fs::read_symlink("/proc/self/ns/pid", ec);
  return ec ? std::string() : link.string();
}

bool process_exists(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH); }

}  // namespace

std::string scratch_folder(const std::string& parent, unsigned tag) {
  return fmt::format("{}/{}{}-{}", parent, kPrefix, ::getpid(), tag);
}

void claim_scratch_folder(const std::string& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  std::ofstream(fs::path(folder) / kOwnerFile) << ::getpid() << ' ' << pid_namespace() << '\n';
}

int remove_stale_scratch(const std::string& parent) {
  const std::string here = pid_namespace();
  if (here.empty()) return 0;  // no /proc: cannot tell whose a folder is
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    if (entry.path().filename().string().rfind(kPrefix, 0) != 0) continue;
    std::ifstream owner_file(entry.path() / kOwnerFile);
    long pid = 0;
    std::string pid_ns;
    if (!(owner_file >> pid >> pid_ns) || pid_ns != here || pid == ::getpid() || process_exists(pid)) continue;
    std::error_code remove_ec;
    fs::remove_all(entry.path(), remove_ec);
    removed += remove_ec ? 0 : 1;
  }
  return removed;
}

}  // namespace scanlab::grader
