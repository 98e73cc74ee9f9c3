// The jail every process that touches student code runs in (its compile, its runs, its traces):
// bubblewrap, with a mount namespace that shows the system's programs and libraries read-only
// and, of everything else, only what that one process needs; its own PID namespace (nothing
// survives it, no other process is visible), no network, no new privileges, no capabilities.
// The threat model is in grader/README.md ("What student code can reach").
#pragma once

#include <string>
#include <vector>

namespace scanlab::grader {

// What one jailed process may see besides the system (/usr, /etc, /opt and the /lib links).
struct jail_view {
  std::vector<std::string> read_only;  // files or folders, visible at the same path, read-only
  std::vector<std::string> writable;   // files or folders, visible at the same path, writable
  std::vector<std::string> hidden;     // folders inside the above that the process sees empty
  bool gpu = false;                    // the GPU's device files, /sys and the GPU lock files
};

struct jail_settings {
  bool enabled = true;        // false only by an explicit --no-jail
  std::string bwrap;          // the bubblewrap executable
  // Folders no jailed process may see even where they lie inside a system folder (/opt/scanlab,
  // a batch under /usr/local/...): the source tree with the reference solutions and the rubric,
  // the batch, the output folder, the object cache, the grading user's home.
  std::vector<std::string> private_paths;
};

// Called once, before anything is jailed.
void set_jail(jail_settings settings);
const jail_settings& jail();

// "" when a jailed process can start here, else why not and what fixes it (once per process:
// bubblewrap missing, user namespaces refused by the kernel or by the container).
std::string jail_problem();

// argv wrapped in bubblewrap for `view`, started in `working_dir` (which the view must include).
std::vector<std::string> jailed_command(const jail_view& view, const std::vector<std::string>& argv,
                                        const std::string& working_dir);

// A jailed run's exit status as its program's: bubblewrap exits 128 + N when its child was killed
// by signal N. Returns N, or 0 when `exit_code` is a plain exit.
int signal_of_jailed_exit(int exit_code);

}  // namespace scanlab::grader
