#include "run/jail.h"

#include <fcntl.h>
#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>

#include <fmt/format.h>

#include "run/gpu_lock.h"
#include "run/sandbox.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

jail_settings& settings() {
  static jail_settings s;
  return s;
}

// The system a jailed process sees, read-only: programs, libraries, headers, the toolchain
// (/usr/local/cuda lives in /usr, some toolkits in /opt), and /etc for the loader's cache and
// the compiler's alternatives. Nothing else of the machine's file tree.
const char* const system_folders[] = {"/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};

bool is_inside(const std::string& path, const std::string& folder) {
  return path == folder || (path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
                            (folder.back() == '/' || path[folder.size()] == '/'));
}

std::string canonical_or_same(const std::string& path) {
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(path, ec);
  return ec ? path : c.string();
}

// Each path, and where it leads when it is (or passes through) a symbolic link: a bind at the
// link's path alone would show the link but not what it points to.
std::vector<std::string> with_targets(const std::vector<std::string>& paths) {
  std::vector<std::string> all;
  for (const std::string& p : paths) {
    if (p.empty()) continue;
    all.push_back(p);
    const std::string c = canonical_or_same(p);
    if (c != p) all.push_back(c);
  }
  return all;
}

bool inside_private(const std::string& path) {
  for (const std::string& p : settings().private_paths)
    if (is_inside(path, p)) return true;
  return false;
}

// Already visible as part of the system (a compiler's /usr), so binding it again adds nothing.
bool in_system(const std::string& path) {
  if (inside_private(path)) return false;
  for (const char* folder : system_folders)
    if (is_inside(path, folder) && fs::is_directory(folder) && !fs::is_symlink(folder)) return true;
  return false;
}

void add_system(std::vector<std::string>& cmd) {
  for (const char* folder : system_folders) {
    struct stat st;
    if (lstat(folder, &st) != 0) continue;
    if (S_ISLNK(st.st_mode)) {
      char target[4096];
      const ssize_t len = readlink(folder, target, sizeof target - 1);
      if (len <= 0) continue;
      cmd.insert(cmd.end(), {"--symlink", std::string(target, static_cast<std::size_t>(len)), folder});
    } else if (S_ISDIR(st.st_mode)) {
      cmd.insert(cmd.end(), {"--ro-bind", folder, folder});
    }
  }
  // Private folders that happen to lie inside a system folder are covered by an empty one (set_jail
  // made their paths canonical).
  for (const std::string& p : settings().private_paths)
    for (const char* folder : system_folders)
      if (is_inside(p, folder) && fs::is_directory(p)) {
        cmd.insert(cmd.end(), {"--tmpfs", p});
        break;
      }
}

// The GPU's device files (/dev/nvidia0, nvidiactl, nvidia-uvm, the MIG capabilities), what the
// driver reads in /sys, the persistence daemon's socket and the GPU lock files of gpu_lock.h.
void add_gpu(std::vector<std::string>& cmd) {
  glob_t g{};
  if (glob("/dev/nvidia*", 0, nullptr, &g) == 0)
    for (std::size_t i = 0; i < g.gl_pathc; ++i) cmd.insert(cmd.end(), {"--dev-bind", g.gl_pathv[i], g.gl_pathv[i]});
  globfree(&g);
  cmd.insert(cmd.end(), {"--ro-bind", "/sys", "/sys"});
  const char* persistenced = "/run/nvidia-persistenced";
  if (fs::is_directory(persistenced)) cmd.insert(cmd.end(), {"--ro-bind", persistenced, persistenced});
  const std::string lock = gpu_lock::path();
  for (const std::string& file : {lock, lock.substr(0, lock.size() - 5) + ".turnstile"}) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);  // a bind needs the file
    if (fd < 0) continue;
    ::close(fd);
    cmd.insert(cmd.end(), {"--bind", file, file});
  }
}

}  // namespace

void set_jail(jail_settings s) {
  for (std::string& p : s.private_paths) p = canonical_or_same(p);
  settings() = std::move(s);
}

const jail_settings& jail() { return settings(); }

std::vector<std::string> jailed_command(const jail_view& view, const std::vector<std::string>& argv,
                                        const std::string& working_dir) {
  std::vector<std::string> cmd = {settings().bwrap,
                                  // New user, PID, IPC, UTS, network and cgroup namespaces; no user
                                  // namespace inside (a nested one could remount what is hidden).
                                  "--unshare-all", "--unshare-user", "--disable-userns",
                                  // Dies with the grader's child; its own session (no terminal
                                  // injection); no capabilities even when the grader is root.
                                  "--die-with-parent", "--new-session", "--cap-drop", "ALL"};
  add_system(cmd);
  cmd.insert(cmd.end(), {"--proc", "/proc", "--dev", "/dev",
                         // Scratch that dies with the jail, capped (512 MiB, 256 MiB): the
                         // compiler's temporary files and whatever the student writes outside
                         // its case folder.
                         "--size", "536870912", "--tmpfs", "/tmp", "--size", "268435456", "--tmpfs", "/dev/shm"});
  if (view.gpu) add_gpu(cmd);
  for (const std::string& p : with_targets(view.read_only))
    if (fs::exists(p) && !in_system(p)) cmd.insert(cmd.end(), {"--ro-bind", p, p});
  for (const std::string& p : with_targets(view.writable))
    if (fs::exists(p)) cmd.insert(cmd.end(), {"--bind", p, p});
  for (const std::string& p : view.hidden) cmd.insert(cmd.end(), {"--tmpfs", p});
  if (!working_dir.empty()) cmd.insert(cmd.end(), {"--chdir", working_dir, "--setenv", "HOME", working_dir});
  cmd.insert(cmd.end(), {"--setenv", "TMPDIR", "/tmp", "--"});
  cmd.insert(cmd.end(), argv.begin(), argv.end());
  return cmd;
}

int signal_of_jailed_exit(int exit_code) { return exit_code > 128 && exit_code < 128 + 65 ? exit_code - 128 : 0; }

std::string jail_problem() {
  static std::once_flag once;
  static std::string problem;
  std::call_once(once, [] {
    const jail_settings& s = settings();
    const std::string fix_off = "or grade without it, on your own responsibility: --no-jail (every report then says "
                                "that student code ran with the grader's rights)";
    if (s.bwrap.empty() || access(s.bwrap.c_str(), X_OK) != 0) {
      problem = fmt::format(
          "bubblewrap (bwrap), which jails student code, is not installed{}. Install it: `sudo apt-get install "
          "bubblewrap` (Debian, Ubuntu; `dnf install bubblewrap` on Fedora), or set SCANLAB_BWRAP to its path; {}",
          s.bwrap.empty() ? "" : " at " + s.bwrap, fix_off);
      return;
    }
    sandbox_limits limits;
    limits.wall_seconds = 20;
    limits.jail = std::make_shared<jail_view>();
    const sandbox_result r = run_sandboxed({"/bin/sh", "-c", "exit 0"}, {}, limits, "");
    if (r.ok()) return;
    std::string why = r.err.empty() ? r.describe() : r.err;
    while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
    problem = fmt::format(
        "bubblewrap cannot start a jail here ({}). The kernel or the container refuses user namespaces. Fixes: on "
        "Ubuntu 23.10 and later `sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0`; on other "
        "distributions `sudo sysctl kernel.unprivileged_userns_clone=1` or a larger user.max_user_namespaces; in "
        "Docker or Podman start the container with `--security-opt seccomp=unconfined` (or grade as root with "
        "--cap-add SYS_ADMIN); {}",
        why, fix_off);
  });
  return problem;
}

}  // namespace scanlab::grader
