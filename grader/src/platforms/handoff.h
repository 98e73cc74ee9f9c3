#pragma once
// Reports handed to the caller through a descriptor it opened, not through a file the grading
// user can write. The platforms' entry scripts run the grader as an unprivileged user and pass
// `--results /dev/fd/3` with descriptor 3 open on a file only root can write: nothing the
// student's code leaves running (outside the jail, with --no-jail) can then change the result
// between the grader's exit and root reading it.
#include <string>

namespace scanlab::grader {

// N for a path "/dev/fd/N" with N >= 3 (an inherited descriptor), else -1.
int handoff_descriptor(const std::string& path);

// Writes `content` to the descriptor and closes it. Never reopens /dev/fd/N: that would ask for
// the file's permissions, which the grading user lacks on purpose.
bool write_handoff(int fd, const std::string& path, const std::string& content);

// At start: descriptors the grader inherited are closed in every child it starts (close-on-exec),
// and when a report goes to one, the grader is not dumpable, so a process of the same user can
// neither open /proc/<grader>/fd/N nor take the descriptor with ptrace or pidfd_getfd.
void guard_inherited_descriptors(bool reports_to_descriptor);

}  // namespace scanlab::grader
