// The pieces of sandbox.cpp that a longer-lived sandboxed child (case_server.h) needs as well:
// starting a child the sandbox's way (own process group, limits, a token in its environment, no
// transparent huge pages), draining its pipes, and killing what it left behind.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "run/sandbox.h"

namespace scanlab::grader {

struct spawned_child {
  pid_t pid = -1;
  int out_fd = -1, err_fd = -1;  // non-blocking read ends of its stdout and stderr
  int in_fd = -1;                // write end of its stdin (with_stdin), else -1
  int exit_fd = -1;              // a pidfd: readable once it has exited (-1 where the kernel has none)
  std::string token_entry;       // "SCANLAB_SANDBOX_TOKEN=...", in its environment
  bool jailed = false;           // started inside bubblewrap: exit 128 + N means killed by signal N
  bool started() const { return pid > 0; }
};

// fork + execve with the limits applied in the child; stdin is /dev/null unless with_stdin.
spawned_child spawn_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                              const sandbox_limits& limits, const std::string& working_dir, bool with_stdin);

namespace detail {
// Reads what is available from fd into keep (up to max), counting all of it. False at EOF.
bool drain(int fd, std::string& keep, std::size_t& total, std::size_t max);
// SIGKILL to every process (other than this one) whose environment holds `entry`; returns how many.
int kill_by_token(const std::string& entry);
// A child killed at its limit that the kernel had not released yet: reaped later, never waited for.
void remember_unreaped(pid_t pid);
void reap_leftovers();
// Sleeps until the child behind exit_fd has exited, or at most max_ms (all of it without a pidfd).
void wait_for_exit(int exit_fd, int max_ms);
// The child's wait status into result (exit code or signal; a jailed child's signal comes back as
// bubblewrap's exit code 128 + N).
void record_status(int status, bool jailed, sandbox_result& result);
// Whether the folders of limits.scratch hold more than limits.scratch_bytes (looked at no more
// often than every 20 ms per `last`); then result says so, as a SIGXFSZ with a line on stderr.
bool scratch_full(const sandbox_limits& limits, std::chrono::steady_clock::time_point& last, sandbox_result& result);
// At the wall limit: whether the run was still filling its folders (over a quarter of
// limits.scratch_bytes); then result says so as scratch_full does, and the run is not a hang.
bool was_filling_scratch(const sandbox_limits& limits, sandbox_result& result);
}  // namespace detail

}  // namespace scanlab::grader
