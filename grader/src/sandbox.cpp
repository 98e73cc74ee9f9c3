#include "sandbox.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include <fmt/format.h>

extern char** environ;

namespace scanlab::grader {

std::string sandbox_result::describe() const {
  if (!started) return "could not start";
  if (timed_out) return fmt::format("timed out after {:.1f} s (process group killed)", seconds);
  if (signal != 0) return fmt::format("killed by signal {} ({})", signal, strsignal(signal));
  return fmt::format("exit {}", exit_code);
}

std::string truncate_text(const std::string& text, std::size_t total_bytes, std::size_t max_bytes) {
  std::string t = text.size() > max_bytes ? text.substr(0, max_bytes) : text;
  if (total_bytes > t.size()) t += fmt::format("\n[... {} more bytes not shown]", total_bytes - t.size());
  return t;
}

namespace {

void set_limit(int resource, rlim_t value) {
  struct rlimit r{value, value};
  setrlimit(resource, &r);
}

// Reads what is available from fd into keep (up to max), counting all of it. False at EOF.
bool drain(int fd, std::string& keep, std::size_t& total, std::size_t max) {
  char buffer[65536];
  const ssize_t got = read(fd, buffer, sizeof buffer);
  if (got > 0) {
    total += static_cast<std::size_t>(got);
    if (keep.size() < max) keep.append(buffer, std::min<std::size_t>(static_cast<std::size_t>(got), max - keep.size()));
    return true;
  }
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
  return false;
}

}  // namespace

sandbox_result run_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                             const sandbox_limits& limits, const std::string& working_dir) {
  sandbox_result result;
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<std::string> environment;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const std::string& add : env)
      if (add.substr(0, add.find('=')) == name) replaced = true;
    if (!replaced) environment.push_back(entry);
  }
  environment.insert(environment.end(), env.begin(), env.end());
  std::vector<char*> argv_c, env_c;
  for (const std::string& a : argv) argv_c.push_back(const_cast<char*>(a.c_str()));
  argv_c.push_back(nullptr);
  for (const std::string& e : environment) env_c.push_back(const_cast<char*>(e.c_str()));
  env_c.push_back(nullptr);

  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return result;
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return result;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    const int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    if (!working_dir.empty() && chdir(working_dir.c_str()) != 0) _exit(126);
    if (limits.cpu_seconds > 0) set_limit(RLIMIT_CPU, static_cast<rlim_t>(limits.cpu_seconds + 1));
    if (limits.address_space > 0) set_limit(RLIMIT_AS, limits.address_space);
    if (limits.file_size > 0) set_limit(RLIMIT_FSIZE, limits.file_size);
    if (limits.processes > 0) set_limit(RLIMIT_NPROC, limits.processes);
    set_limit(RLIMIT_CORE, 0);
    execve(argv_c[0], argv_c.data(), env_c.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also from here, so the group exists whichever runs first
  result.started = true;
  close(out_pipe[1]);
  close(err_pipe[1]);
  fcntl(out_pipe[0], F_SETFL, O_NONBLOCK);
  fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);

  bool out_open = true, err_open = true, reaped = false;
  int status = 0;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  double reaped_at = 0;
  while (true) {
    if (!reaped) {
      const pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid) {
        reaped = true;
        reaped_at = elapsed();
        kill(-pid, SIGKILL);  // anything the child left running in its group
      }
    }
    if (!reaped && elapsed() > limits.wall_seconds) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      reaped = true;
      reaped_at = elapsed();
    }
    if (reaped && (!out_open && !err_open)) break;
    if (reaped && elapsed() - reaped_at > 1.0) break;  // a pipe held open by an escaped process
    struct pollfd fds[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0}, {err_open ? err_pipe[0] : -1, POLLIN, 0}};
    poll(fds, 2, 20);
    if (out_open && (fds[0].revents & (POLLIN | POLLHUP)))
      out_open = drain(out_pipe[0], result.out, result.out_bytes, limits.keep_output);
    if (err_open && (fds[1].revents & (POLLIN | POLLHUP)))
      err_open = drain(err_pipe[0], result.err, result.err_bytes, limits.keep_output);
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  result.seconds = reaped_at;
  if (!result.timed_out) {
    if (WIFEXITED(status)) {
      result.exited = true;
      result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.signal = WTERMSIG(status);
    }
  }
  return result;
}

}  // namespace scanlab::grader
