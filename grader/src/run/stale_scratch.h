#pragma once
// The scratch folders of graders that were killed (SIGKILL, a node's time limit) stay behind, often
// in /dev/shm, where they hold memory until the machine restarts. Each grading run marks its own
// folder with its owner and, before it starts, removes the folders of owners that are gone.
#include <string>

namespace scanlab::grader {

// The scratch folder's name under `parent` for this process: <parent>/scanlab-grade-<pid>-<tag>.
std::string scratch_folder(const std::string& parent, unsigned tag);

// Creates `folder` and writes its owner file (this process's pid and pid namespace).
void claim_scratch_folder(const std::string& folder);

// Removes the scanlab-grade-* folders under `parent` whose owner file names a process of this pid
// namespace that no longer exists. A folder without an owner file, or owned from another pid
// namespace (a container sharing /dev/shm), is left alone: its owner may still be running.
// Returns how many folders were removed.
int remove_stale_scratch(const std::string& parent);

}  // namespace scanlab::grader
