#include "run/sandbox.h"
#include "run/sandbox_process.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <random>

#include <fmt/format.h>

#include "util/trace.h"

extern char** environ;

namespace scanlab::grader {

std::string sandbox_result::describe() const {
  if (!started) return "could not start";
  if (timed_out)
    return fmt::format("timed out after {:.1f} s (process group killed{})", seconds,
                       unreaped ? "; the process had not ended a few seconds later" : "");
  if (signal != 0) return fmt::format("killed by signal {} ({})", signal, strsignal(signal));
  return fmt::format("exit {}", exit_code);
}

std::string truncate_text(const std::string& text, std::size_t total_bytes, std::size_t max_bytes) {
  std::string t = text.size() > max_bytes ? text.substr(0, max_bytes) : text;
  if (total_bytes > t.size()) t += fmt::format("\n[... {} more bytes not shown]", total_bytes - t.size());
  return t;
}

namespace detail {

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

// A token that every process of one run carries in its environment (children inherit it), so that
// descendants which left the process group (compute-sanitizer starts its target in a group of its
// own) can still be found and killed when the run ends.
std::string new_token() {
  static std::atomic<unsigned long> counter{0};
  static const unsigned long salt = std::random_device{}();
  return fmt::format("{}-{}-{:x}", getpid(), counter.fetch_add(1), salt);
}

// SIGKILL to every process (other than this one) whose environment holds `entry`; returns how many.
// Reads /proc/<pid>/environ, which a user may read for its own processes: the grader's children.
int kill_by_token(const std::string& entry) {
  int killed = 0;
  for (int pass = 0; pass < 3; ++pass) {  // again: one of them may have forked meanwhile
    int found = 0;
    DIR* proc = opendir("/proc");
    if (!proc) return killed;
    while (const dirent* e = readdir(proc)) {
      char* end = nullptr;
      const long pid = std::strtol(e->d_name, &end, 10);
      if (pid <= 0 || *end != '\0' || pid == getpid()) continue;
      const int fd = open(fmt::format("/proc/{}/environ", pid).c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;
      std::string environment;
      char buffer[8192];
      for (ssize_t got; (got = read(fd, buffer, sizeof buffer)) > 0 && environment.size() < (1u << 20);)
        environment.append(buffer, static_cast<std::size_t>(got));
      close(fd);
      // Entries are NUL-separated: match a whole entry.
      const std::string needle = std::string("\0", 1) + entry + std::string("\0", 1);
      if (("\0" + environment).find(needle) == std::string::npos) continue;
      if (kill(static_cast<pid_t>(pid), SIGKILL) == 0) ++found;
    }
    closedir(proc);
    killed += found;
    if (found == 0) break;
  }
  return killed;
}

// Children killed at their limit that the kernel had not released yet: reaped here later, so
// they do not stay zombies, but never waited for.
std::mutex leftovers_mutex;
std::vector<pid_t> leftovers;

void remember_unreaped(pid_t pid) {
  std::lock_guard<std::mutex> lock(leftovers_mutex);
  leftovers.push_back(pid);
}

void reap_leftovers() {
  std::lock_guard<std::mutex> lock(leftovers_mutex);
  std::erase_if(leftovers, [](pid_t pid) {
    int status;
    const pid_t w = waitpid(pid, &status, WNOHANG);
    return w == pid || (w < 0 && errno == ECHILD);
  });
}

void wait_for_exit(int exit_fd, int max_ms) {
  struct pollfd p = {exit_fd, POLLIN, 0};
  poll(&p, 1, max_ms);  // a negative fd is ignored: then a plain sleep
}

struct scratch_use {
  std::uint64_t bytes = 0, entries = 0;
};

scratch_use measure_scratch(const sandbox_limits& limits) {
  scratch_use use;
  for (const std::string& folder : limits.scratch) {
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(folder, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      struct stat st;
      if (lstat(it->path().c_str(), &st) == 0) use.bytes += static_cast<std::uint64_t>(st.st_blocks) * 512;
      ++use.entries;
    }
  }
  return use;
}

// The run ends as by SIGXFSZ, with a line saying what it wrote.
void mark_scratch_full(const sandbox_limits& limits, const scratch_use& use, sandbox_result& result) {
  result.scratch_full = true;
  result.signal = SIGXFSZ;
  const std::string line =
      fmt::format("\nscanlab: killed: the run wrote {} MiB in {} files into the folders of its case (at most {} "
                  "MiB in all)\n",
                  use.bytes >> 20, use.entries, limits.scratch_bytes >> 20);
  result.err += line;
  result.err_bytes += line.size();
}

bool scratch_full(const sandbox_limits& limits, std::chrono::steady_clock::time_point& last, sandbox_result& result) {
  if (limits.scratch_bytes == 0) return false;
  const auto now = std::chrono::steady_clock::now();
  if (now - last < std::chrono::milliseconds(20)) return false;
  last = now;
  const scratch_use use = measure_scratch(limits);
  if (use.bytes <= limits.scratch_bytes && use.entries <= 100000) return false;
  mark_scratch_full(limits, use, result);
  return true;
}

// At the wall limit: a run that was still filling its folders (over a quarter of their limit) was
// stopped by its writing, however fast the disk let it reach the limit, not a hang. Without this
// the same file reads "crash" on a fast disk and "hang" on a slow one.
bool was_filling_scratch(const sandbox_limits& limits, sandbox_result& result) {
  if (limits.scratch_bytes == 0) return false;
  const scratch_use use = measure_scratch(limits);
  if (use.bytes <= limits.scratch_bytes / 4 && use.entries <= 100000 / 4) return false;
  mark_scratch_full(limits, use, result);
  return true;
}

void record_status(int status, bool jailed, sandbox_result& result) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    if (const int sig = jailed ? signal_of_jailed_exit(code) : 0; sig != 0) {
      result.signal = sig;
    } else {
      result.exited = true;
      result.exit_code = code;
    }
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
}

}  // namespace detail

using namespace detail;

bool wait_for_unreaped(double seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  while (true) {
    reap_leftovers();
    {
      std::lock_guard<std::mutex> lock(leftovers_mutex);
      if (leftovers.empty()) return true;
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds) return false;
    poll(nullptr, 0, 50);
  }
}

spawned_child spawn_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                              const sandbox_limits& limits, const std::string& working_dir, bool with_stdin) {
  spawned_child child;
  child.jailed = limits.jail != nullptr && jail().enabled;
  const std::vector<std::string>& command = child.jailed ? jailed_command(*limits.jail, argv, working_dir) : argv;
  child.token_entry = "SCANLAB_SANDBOX_TOKEN=" + new_token();
  const std::string& token_entry = child.token_entry;
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
  environment.push_back(token_entry);
  std::vector<char*> argv_c, env_c;
  for (const std::string& a : command) argv_c.push_back(const_cast<char*>(a.c_str()));
  argv_c.push_back(nullptr);
  for (const std::string& e : environment) env_c.push_back(const_cast<char*>(e.c_str()));
  env_c.push_back(nullptr);

  int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1}, in_pipe[2] = {-1, -1};
  auto close_all = [&] {
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], in_pipe[0], in_pipe[1]})
      if (fd >= 0) close(fd);
  };
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0 ||
      (with_stdin && pipe2(in_pipe, O_CLOEXEC) != 0)) {
    close_all();
    return child;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close_all();
    return child;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    const int in_fd = in_pipe[0] >= 0 ? in_pipe[0] : open("/dev/null", O_RDONLY);
    if (in_fd >= 0) dup2(in_fd, 0);
    if (!working_dir.empty() && chdir(working_dir.c_str()) != 0) _exit(126);
    if (limits.cpu_seconds > 0) set_limit(RLIMIT_CPU, static_cast<rlim_t>(limits.cpu_seconds + 1));
    if (limits.address_space > 0) set_limit(RLIMIT_AS, limits.address_space);
    if (limits.file_size > 0) set_limit(RLIMIT_FSIZE, limits.file_size);
    if (limits.processes > 0) set_limit(RLIMIT_NPROC, limits.processes);
    set_limit(RLIMIT_CORE, 0);
    // No transparent huge pages: the CPU runner asks for them on its 1024 fiber stacks, and zeroing
    // 2 MiB pages on first touch (130 MB a run) cost a small case 20 ms of system time, twice what
    // it spent running. Inherited across execve.
    prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
    execve(argv_c[0], argv_c.data(), env_c.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also from here, so the group exists whichever runs first
  close(out_pipe[1]);
  close(err_pipe[1]);
  fcntl(out_pipe[0], F_SETFL, O_NONBLOCK);
  fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);
  if (in_pipe[0] >= 0) close(in_pipe[0]);
  child.pid = pid;
  child.out_fd = out_pipe[0];
  child.err_fd = err_pipe[0];
  child.in_fd = in_pipe[1];
#ifdef SYS_pidfd_open
  // Waiting loops poll this with the pipes: a child's exit wakes them at once, where a short sleep
  // between waitpid calls left a core idle for up to 20 ms after each of a grading's ~100 children.
  child.exit_fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#endif
  return child;
}

// "run <where> <program> <arguments>", paths cut to their last component.
static std::string describe_for_trace(const std::vector<std::string>& argv, const std::string& working_dir) {
  auto last = [](const std::string& p) { return p.substr(p.find_last_of('/') + 1); };
  std::string text = "run " + (working_dir.empty() ? std::string("-") : last(working_dir));
  for (const std::string& a : argv) text += " " + last(a);
  return text.size() > 240 ? text.substr(0, 240) : text;
}

sandbox_result run_sandboxed(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                             const sandbox_limits& limits, const std::string& working_dir) {
  const trace_span span(tracing() ? describe_for_trace(argv, working_dir) : std::string());
  sandbox_result result;
  reap_leftovers();
  spawned_child child = spawn_sandboxed(argv, env, limits, working_dir, false);
  if (!child.started()) return result;
  const pid_t pid = child.pid;
  const std::string& token_entry = child.token_entry;
  const auto t0 = std::chrono::steady_clock::now();
  result.started = true;

  // The loop never blocks: waitpid with WNOHANG, poll with a short timeout. At the wall limit the
  // run is killed; a process the kernel does not release within the grace period (a GPU context
  // being torn down) is left behind rather than waited for.
  bool out_open = true, err_open = true, done = false, killed = false, swept = false;
  int status = 0;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  double done_at = 0, killed_at = 0;
  auto scratch_checked = std::chrono::steady_clock::now();
  while (true) {
    if (!done) {
      const pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid) {
        done = true;
        done_at = elapsed();
        kill(-pid, SIGKILL);  // anything the child left running in its group
      } else if (!killed && (scratch_full(limits, scratch_checked, result) || elapsed() > limits.wall_seconds)) {
        // Ended as by SIGXFSZ when it filled its folders (scratch_full says so), else a hang.
        result.timed_out = !result.scratch_full && !was_filling_scratch(limits, result);
        killed = true;
        killed_at = elapsed();
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        result.escaped_killed += kill_by_token(token_entry);
        swept = true;
      } else if (killed && elapsed() - killed_at > limits.kill_grace_seconds) {
        result.unreaped = true;
        remember_unreaped(pid);
        done = true;
        done_at = elapsed();
      }
    }
    if (done && !out_open && !err_open) break;
    if (done && elapsed() - done_at > 1.0) {
      // A pipe held open by a process that outlived the run: kill it (once), stop reading.
      if (!swept) result.escaped_killed += kill_by_token(token_entry);
      break;
    }
    struct pollfd fds[3] = {{out_open ? child.out_fd : -1, POLLIN, 0},
                            {err_open ? child.err_fd : -1, POLLIN, 0},
                            {done ? -1 : child.exit_fd, POLLIN, 0}};
    poll(fds, 3, 20);
    if (out_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
      out_open = drain(child.out_fd, result.out, result.out_bytes, limits.keep_output);
    if (err_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
      err_open = drain(child.err_fd, result.err, result.err_bytes, limits.keep_output);
  }
  close(child.out_fd);
  close(child.err_fd);
  if (child.exit_fd >= 0) close(child.exit_fd);
  result.seconds = result.timed_out ? killed_at : done_at;
  if (!result.timed_out && !result.unreaped && !result.scratch_full) record_status(status, child.jailed, result);
  return result;
}

}  // namespace scanlab::grader
