// The trusted side of device memory (scanlab/cpu/control.h): harnesses and tests reach it through
// the runtime's view, and ask who last wrote it.
#include "device_arena.h"
#include "host_writes.h"
#include "scanlab/cpu/control.h"

namespace scanlab::cpu {

void* host_view(const void* device) { return detail::runtime_view(device); }

void forget_writers(const void* device, std::size_t bytes) {
  if (detail::in_arena(device)) detail::forget_writers(detail::arena_offset(device), bytes);
}

host_written find_host_written(const void* device, std::size_t bytes) {
  if (!detail::in_arena(device)) return {};
  const detail::host_copied_words w = detail::find_host_written(detail::arena_offset(device), bytes);
  return {std::min(bytes, w.words * 4), w.whole_page, w.first_word * 4};
}

}  // namespace scanlab::cpu
