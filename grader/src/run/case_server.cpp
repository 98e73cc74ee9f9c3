#include "run/case_server.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <functional>
#include <mutex>

namespace scanlab::grader {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A write to a server that died would raise SIGPIPE in the grader: the error code is enough.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

case_server::case_server(std::vector<std::string> argv, std::vector<std::string> env, sandbox_limits limits,
                         std::string working_dir)
    : argv_(std::move(argv)), env_(std::move(env)), limits_(limits), working_dir_(std::move(working_dir)) {
  limits_.cpu_seconds = 0;
  ignore_sigpipe();
}

case_server::~case_server() {
  if (!child_.started()) return;
  // Closing stdin ends the server's loop; a context torn down by exit is the GPU's normal path.
  close(child_.in_fd);
  child_.in_fd = -1;
  sandbox_result ignored;
  collect_exit(ignored, 1.0);
}

bool case_server::start(double wall_seconds) {
  detail::reap_leftovers();
  child_ = spawn_sandboxed(argv_, env_, limits_, working_dir_, true);
  if (!child_.started()) return false;
  protocol_.clear();
  sandbox_result ignored;
  bool timed_out = false;
  if (wait_for("ready", wall_seconds, ignored, timed_out)) return true;
  kill_now(nullptr);
  return false;
}

bool case_server::wait_for(const std::string& word, double wall_seconds, sandbox_result& r, bool& timed_out) {
  const auto t0 = std::chrono::steady_clock::now();
  for (std::string line; next_line(line, r, [&] { return seconds_since(t0) > wall_seconds; }, timed_out);)
    if (line == word) return true;
  return false;
}

bool case_server::next_line(std::string& line, sandbox_result& r, const std::function<bool()>& past_deadline,
                            bool& timed_out) {
  bool out_open = true;
  while (true) {
    if (const auto end = protocol_.find('\n'); end != std::string::npos) {
      line = protocol_.substr(0, end);
      protocol_.erase(0, end + 1);
      // What the case printed to stderr so far (its stdout goes there too, see runner --serve).
      for (int reads = 0; reads < 64; ++reads) {
        struct pollfd p = {child_.err_fd, POLLIN, 0};
        if (poll(&p, 1, 0) <= 0 || !(p.revents & POLLIN)) break;
        if (!detail::drain(child_.err_fd, r.err, r.err_bytes, limits_.keep_output)) break;
      }
      return true;
    }
    if (!out_open) return false;
    if (past_deadline()) {
      timed_out = true;
      return false;
    }
    if (detail::scratch_full(limits_, scratch_checked_, r)) {
      timed_out = true;  // ended as at the time limit, but reported as what it is (run_case)
      return false;
    }
    struct pollfd fds[2] = {{child_.out_fd, POLLIN, 0}, {child_.err_fd, POLLIN, 0}};
    poll(fds, 2, 20);
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      std::size_t ignored = 0;
      out_open = detail::drain(child_.out_fd, protocol_, ignored, std::string::npos);
    }
    if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) detail::drain(child_.err_fd, r.err, r.err_bytes, limits_.keep_output);
  }
}

void case_server::kill_now(sandbox_result* into) {
  kill(-child_.pid, SIGKILL);
  kill(child_.pid, SIGKILL);
  const int escaped = detail::kill_by_token(child_.token_entry);
  if (into) into->escaped_killed += escaped;
  const auto t0 = std::chrono::steady_clock::now();
  bool reaped = false;
  int status = 0;
  while (!reaped && seconds_since(t0) < limits_.kill_grace_seconds) {
    reaped = waitpid(child_.pid, &status, WNOHANG) == child_.pid;
    if (!reaped) detail::wait_for_exit(child_.exit_fd, 20);
  }
  if (!reaped) {
    detail::remember_unreaped(child_.pid);
    if (into) into->unreaped = true;
  }
  release();
}

void case_server::release() {
  for (int fd : {child_.in_fd, child_.out_fd, child_.err_fd, child_.exit_fd})
    if (fd >= 0) close(fd);
  child_ = spawned_child{};
}

// The server ends on its own (it died in a case, or its stdin was closed): its exit code or signal
// as run_sandboxed reports them, once it has ended within `wait_seconds`; killed after that.
void case_server::collect_exit(sandbox_result& r, double wait_seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  int status = 0;
  pid_t w = 0;
  while ((w = waitpid(child_.pid, &status, WNOHANG)) == 0 && seconds_since(t0) < wait_seconds)
    detail::wait_for_exit(child_.exit_fd, 10);
  if (w != child_.pid) {
    kill_now(&r);
    return;
  }
  detail::record_status(status, child_.jailed, r);
  kill(-child_.pid, SIGKILL);  // anything it left running in its group
  r.escaped_killed += detail::kill_by_token(child_.token_entry);
  release();
}

sandbox_result case_server::run_case(const std::string& line, double wall_seconds, protocol_log* log) {
  sandbox_result r;
  const std::string request = line + "\n";
  bool timed_out = false, begun = false;
  auto t0 = std::chrono::steady_clock::now();
  // The limit is for the student's code: each call of scan() (from "call" to "returned") gets
  // wall_seconds. The rest of a case (starting a server, reading its input, waiting while a timing
  // holds the GPU, writing a gigabyte of buffers) gets a generous limit of its own, so that a
  // loaded machine's slow disk never reads as a hang (it did, with 32 workers on 16 cores, before
  // this split).
  const double other_seconds = std::max(120.0, 6 * wall_seconds);
  // A server that ended after its last case (it stops after any failure) is replaced once.
  for (int attempt = 0; attempt < 2 && !begun && !timed_out; ++attempt) {
    if (!child_.started() && !start(other_seconds)) return r;
    t0 = std::chrono::steady_clock::now();
    const bool sent = write(child_.in_fd, request.data(), request.size()) == static_cast<ssize_t>(request.size());
    begun = sent && wait_for("begin", other_seconds, r, timed_out);
    if (!begun && !timed_out) {
      sandbox_result gone;
      collect_exit(gone, limits_.kill_grace_seconds);
      r.err.clear();
      r.err_bytes = 0;
    }
  }
  if (!begun && !timed_out) return r;  // no server would take the case: the caller runs it alone
  r.started = true;
  std::chrono::steady_clock::time_point call_start{};
  bool in_call = false, done = false;
  double in_calls = 0;
  for (std::string message; begun && !done;) {
    const bool got = next_line(message, r, [&] {
      if (in_call) return seconds_since(call_start) > wall_seconds;
      return seconds_since(t0) - in_calls > other_seconds;
    }, timed_out);
    if (!got) break;
    if (log != nullptr) {
      log->lines.push_back({message, std::chrono::steady_clock::now()});
      if (log->answer)
        if (const std::string reply = log->answer(message); !reply.empty())
          if (write(child_.in_fd, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) break;
    }
    if (message == "call") {
      in_call = true;
      call_start = std::chrono::steady_clock::now();
    } else if (message == "returned") {
      in_call = false;
      in_calls += seconds_since(call_start);
    } else if (message == "done") {
      done = true;
    }
  }
  r.seconds = seconds_since(t0);
  if (done) {
    r.exited = true;
    r.exit_code = 0;
    return r;
  }
  if (timed_out) {
    r.timed_out = !r.scratch_full && !detail::was_filling_scratch(limits_, r);
    kill_now(&r);
    return r;
  }
  collect_exit(r, limits_.kill_grace_seconds);
  return r;
}

}  // namespace scanlab::grader
