// Run: one case of a lab in a runner child (runner_main.cpp) or a case server (case_server.h),
// on an input written here and with the guard zones of guard_zones.h, then judged (judge_case.h).
// Also the policy of running a case again: a failure in a server is run in a process of its own,
// and a failure with a workspace is run once more with the workspace zeroed.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "run/case_server.h"
#include "plan/grading_case.h"
#include "run/guard_zones.h"
#include "command/lab_grader.h"
#include "run/sandbox.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::grader {

// What a run of this lab's student code may see (jail.h): the runners, the lab's work folder (the
// reference's build for timing hidden in it), and the GPU when `gpu`.
std::shared_ptr<jail_view> lab_jail_view(const lab_job& job, bool gpu);

class lab_runner {
 public:
  lab_runner(const lab_job& job, const core::lab_spec& spec);
  ~lab_runner();
  lab_runner(const lab_runner&) = delete;
  lab_runner& operator=(const lab_runner&) = delete;

  // Runs a case; a failure with a non-empty workspace is run once more (one call) with the
  // workspace zeroed: passing then means the code relies on memory it must initialise itself.
  case_outcome run(const grading_case& c, const std::string& object, int index, bool skip_retry = false);

  // The largest n this lab's cases use (the server's output file limit).
  void set_largest_n(std::uint64_t n) { largest_n_ = n; }

  // Where a case of n elements keeps its input and raw output: a private folder in /dev/shm for
  // n >= 2^20 when /dev/shm is a tmpfs with room for eight such cases at once, else the lab's work
  // folder.
  std::string data_dir(std::uint64_t n);

  // The lab's timed run of the student's object on the GPU (a "time" line, performance.cpp): in the
  // server that ran its correctness cases, whose CUDA context is made (on a loaded GPU machine a
  // context took 1-4 s: the driver makes them one at a time), or in a new server when that one will
  // not take it (SCANLAB_NO_CASE_SERVER changes only the correctness cases). `wall_seconds` covers
  // the timed calls; `log` gets the protocol (case_server::run_case).
  sandbox_result run_timing(const std::string& line, double wall_seconds, protocol_log& log);

  // Ends this lab's servers and with them every process of the student's code: the reference is
  // timed next, and nothing of the student's may share the GPU with it.
  void end_servers() { servers_.clear(); }

 private:
  struct case_files;
  case_outcome run_once(const grading_case& c, const std::string& object, int index, bool zero_workspace,
                        bool use_server = false);
  sandbox_result launch(const grading_case& c, const std::string& object, const case_files& files,
                        bool zero_workspace, bool use_server, const sandbox_limits& limits, bool& served);
  sandbox_limits case_limits(const grading_case& c);
  // `limits` with the jail of this lab's runs: the runners, the work and data folders (the
  // reference's build for timing hidden), the GPU for the gpu backend.
  sandbox_limits jailed(sandbox_limits limits, const std::string& backend);
  case_server& server_for(const grading_case& c, const std::vector<std::string>& env);

  const lab_job& job_;
  core::lab_spec spec_;
  guard_zones guards_;
  int calls_ = 2;
  bool workspace_used_ = false;
  std::uint64_t largest_n_ = 1 << 20;
  std::map<std::string, std::unique_ptr<case_server>> servers_;  // by backend and environment
  std::string memory_dir_;  // see data_dir
};

}  // namespace scanlab::grader
