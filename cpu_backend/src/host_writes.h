// Which words of device memory still hold what the host put there (a cudaMemcpy from host memory,
// a cudaMemset) rather than what a kernel wrote: one bit per 4-byte word of the arena, and one
// byte per page saying whether any bit of the page is set. A lab harness asks it whether the
// output of scan() was computed on the host and copied in (scanlab::backend::find_host_copied).
//
// Copies and fills set and carry bits exactly; kernel writes are seen a page at a time (the
// arena maps pages with set bits read-only while kernels run, and the first write to one clears
// the page's bits): a kernel that writes any word of a page is taken to have written all of it.
// Offsets are the arena's (device_arena.h).
#pragma once

#include <cstddef>
#include <functional>

namespace scanlab::cpu::detail {

// Once, with the arena's size and page size.
bool host_writes_init(std::size_t arena_bytes, std::size_t page_bytes);

void host_wrote(std::size_t offset, std::size_t bytes);
// A device-to-device copy: the destination words take the source words' state.
void device_copied(std::size_t dst_offset, std::size_t src_offset, std::size_t bytes);
// Neither host- nor kernel-written any more (a fresh or freed span, a harness's own poison).
void forget_writers(std::size_t offset, std::size_t bytes);
// A kernel wrote into the page (async-signal-safe: the fault handler calls it).
void kernel_wrote_page(std::size_t page);

bool page_host_written(std::size_t page);  // async-signal-safe
// Calls f(first_page, pages) for each run of pages below `pages` with host-written words.
void for_each_host_written_run(std::size_t pages, const std::function<void(std::size_t, std::size_t)>& f);

struct host_copied_words {
  std::size_t words = 0;       // words of the range that hold what the host wrote
  bool whole_page = false;     // some page's words of the range are all host-written
  std::size_t first_word = 0;  // the first word of the first such page, from the range's start
};
host_copied_words find_host_written(std::size_t offset, std::size_t bytes);

}  // namespace scanlab::cpu::detail
