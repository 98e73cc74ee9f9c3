// A runner that grades many correctness cases in one process (runner --serve), because on a GPU a
// process per case spent most of a lab's time creating CUDA contexts, which the driver creates one
// at a time (0.2 s each, measured on an H100). Each case still gets a
// hard wall-clock limit: at the limit the server is killed like any sandboxed run (process group,
// token), and the next case starts a new one. The caller runs a case that did not pass in a
// process of its own (run_sandboxed), so every verdict, message and crash report stays what a
// fresh process gives; a pass in the server is a pass.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "run/sandbox.h"
#include "run/sandbox_process.h"

namespace scanlab::grader {

struct protocol_log {
  struct entry {
    std::string line;
    std::chrono::steady_clock::time_point read_at;
  };
  std::vector<entry> lines;
  std::function<std::string(const std::string&)> answer;
};

class case_server {
 public:
  // argv: the runner and "--serve" (nothing else); env as for run_sandboxed. limits.cpu_seconds is
  // not applied (a server's CPU time adds up over its cases; the wall limit per case holds).
  case_server(std::vector<std::string> argv, std::vector<std::string> env, sandbox_limits limits,
              std::string working_dir);
  ~case_server();
  case_server(const case_server&) = delete;
  case_server& operator=(const case_server&) = delete;

  // Sends one case (a line of runner --serve's protocol, without the newline) and waits for it:
  // each call of scan() may take wall_seconds, the rest of the case max(120 s, 6 x wall_seconds). The result reads like run_sandboxed's for a process that ran only this
  // case: exit 0 when the case finished, timed_out when it was killed at the limit, the exit code
  // or signal when the server died in it; out/err hold what the case printed. started is false
  // when no server could be started: the caller then runs the case on its own.
  // log (a timed run, performance.cpp): every line the case wrote on the protocol channel, with
  // when the grader read it; log->answer, when set, sees each line and what it returns (if not
  // empty) goes to the server's stdin at once: a timed run's seeds, released only on "call" and
  // "timed", so that nothing in that process can know an input before the grader's clock runs.
  sandbox_result run_case(const std::string& line, double wall_seconds, protocol_log* log = nullptr);

 private:
  bool start(double wall_seconds);
  // Ends the server: SIGKILL to its group and token; waits up to the grace period to reap it.
  void kill_now(sandbox_result* into);
  // Waits for the line `word` on the protocol channel (skipping others); false on EOF or after
  // wall_seconds (timed_out set).
  bool wait_for(const std::string& word, double wall_seconds, sandbox_result& r, bool& timed_out);
  // The next line of the protocol channel; false on EOF, or when past_deadline() (timed_out set).
  bool next_line(std::string& line, sandbox_result& r, const std::function<bool()>& past_deadline, bool& timed_out);
  // The server ended or is ending on its own: reaped (exit code or signal into r) within
  // wait_seconds, else killed.
  void collect_exit(sandbox_result& r, double wait_seconds);
  void release();  // closes its pipes and forgets it

  std::vector<std::string> argv_, env_;
  sandbox_limits limits_;
  std::chrono::steady_clock::time_point scratch_checked_{};  // detail::scratch_full
  std::string working_dir_;
  spawned_child child_;
  std::string protocol_;  // bytes from the server's stdout not yet consumed
};

}  // namespace scanlab::grader
