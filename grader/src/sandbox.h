// Runs a command in a child process the way grading must: its own process group (killed as a
// whole at the wall-time limit), resource limits, stdout/stderr captured but only the first
// bytes kept (a submission printing megabytes costs the grader nothing but a drained pipe).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace scanlab::grader {

struct sandbox_limits {
  double wall_seconds = 10;
  double cpu_seconds = 0;           // RLIMIT_CPU (0: none)
  std::size_t address_space = 0;    // RLIMIT_AS in bytes (0: none; not with ASan or CUDA)
  std::size_t file_size = 0;        // RLIMIT_FSIZE in bytes (0: none)
  std::size_t processes = 0;        // RLIMIT_NPROC (0: none)
  std::size_t keep_output = 16384;  // bytes of stdout and of stderr kept
};

struct sandbox_result {
  bool started = false;
  bool exited = false;   // normal exit: exit_code is valid
  int exit_code = -1;
  int signal = 0;        // killed by this signal (not our timeout)
  bool timed_out = false;
  double seconds = 0;
  std::string out, err;  // the first keep_output bytes
  std::size_t out_bytes = 0, err_bytes = 0;  // everything the child wrote

  bool ok() const { return exited && exit_code == 0; }
  std::string describe() const;  // "exit 3", "killed by SIGSEGV", "timed out after 10 s"
};

// argv[0] must be a path. env: "NAME=value" entries added to (or replacing in) the grader's.
sandbox_result run_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                             const sandbox_limits& limits, const std::string& working_dir = "");

// The first `max_bytes` of text, with a note of how much was cut.
std::string truncate_text(const std::string& text, std::size_t total_bytes, std::size_t max_bytes);

}  // namespace scanlab::grader
