// Whether the grader may put files in memory (/dev/shm) instead of on disk.
#pragma once

#include <cstdint>

namespace scanlab::grader {

// True when /dev/shm is a tmpfs this process may write with at least `bytes` free. Work folders
// (a few hundred small files per submission) and large cases' input and output files go there:
// on the development machine's ext4 /tmp the first cost 5% of a batch's time, and a disk shared by
// labs graded at once made a 2^27 case take 25 s.
bool memory_folder_has_room(std::uint64_t bytes);

}  // namespace scanlab::grader
