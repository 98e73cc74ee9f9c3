// Runs a command in a child process the way grading must: its own process group (killed as a
// whole at the wall-time limit), resource limits, stdout/stderr captured but only the first
// bytes kept (a submission printing megabytes costs the grader nothing but a drained pipe).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "run/jail.h"

namespace scanlab::grader {

struct sandbox_limits {
  double wall_seconds = 10;
  double cpu_seconds = 0;           // RLIMIT_CPU (0: none)
  std::size_t address_space = 0;    // RLIMIT_AS in bytes (0: none; not with ASan or CUDA)
  std::size_t file_size = 0;        // RLIMIT_FSIZE in bytes (0: none)
  std::size_t processes = 0;        // RLIMIT_NPROC (0: none)
  std::size_t keep_output = 16384;  // bytes of stdout and of stderr kept
  double kill_grace_seconds = 5;    // after SIGKILL, how long to wait for the process to be reaped
  // What the process may see when it runs student code (jail.h); null for the grader's own tools.
  // Ignored under --no-jail.
  std::shared_ptr<const jail_view> jail;
  // The folders the process may write (the jail's writable ones) and what they may hold in all:
  // past it the run is killed as by SIGXFSZ (RLIMIT_FSIZE bounds one file, not how many). 0: no
  // limit.
  std::vector<std::string> scratch;
  std::uint64_t scratch_bytes = 0;
};

struct sandbox_result {
  bool started = false;
  bool exited = false;   // normal exit: exit_code is valid
  int exit_code = -1;
  int signal = 0;        // killed by this signal (not our timeout)
  bool timed_out = false;
  // Killed at the limit, but the kernel had not let the process go within the grace period (a
  // GPU context being torn down, a process in uninterruptible sleep): it is left to be reaped
  // later, never waited for. The next GPU run should check that the device is free.
  bool unreaped = false;
  // Processes of this run that outlived it (escaped the process group, or held its pipes open)
  // and were killed when the run ended.
  int escaped_killed = 0;
  bool scratch_full = false;  // killed for filling its folders past limits.scratch_bytes
  double seconds = 0;
  std::string out, err;  // the first keep_output bytes
  std::size_t out_bytes = 0, err_bytes = 0;  // everything the child wrote

  bool ok() const { return exited && exit_code == 0; }
  std::string describe() const;  // "exit 3", "killed by SIGSEGV", "timed out after 10 s"
};

// Never blocks past wall_seconds + kill_grace_seconds (+ 1 s for pipes held open): at the limit
// the process group and every process carrying this run's sandbox token in its environment (a
// grandchild that left the group, such as compute-sanitizer's target) get SIGKILL; a process the
// kernel does not release in time is left to be reaped by a later call.
// argv[0] must be a path. env: "NAME=value" entries added to (or replacing in) the grader's.
sandbox_result run_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                             const sandbox_limits& limits, const std::string& working_dir = "");

// Waits up to `seconds` for children killed earlier but not yet released (sandbox_result::unreaped)
// and reaps them; true when none is left.
bool wait_for_unreaped(double seconds);

// The first `max_bytes` of text, with a note of how much was cut.
std::string truncate_text(const std::string& text, std::size_t total_bytes, std::size_t max_bytes);

}  // namespace scanlab::grader
