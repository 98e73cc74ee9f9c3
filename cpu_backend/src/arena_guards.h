// Guard pages after the large buffers of the device arena (device_arena.h): a kernel that reads
// or writes past the last 2 MiB page of a buffer faults there (kernel_faults.h ends it with
// cudaErrorIllegalAddress) instead of landing in the next buffer. A GPU maps a large buffer in
// 2 MiB pages of its own, and such an access faults there as well (CUDA by Example's hash table
// reads 100 MB past its values array and stops with "an illegal memory access was encountered").
//
// Where the system keeps guard markers (Linux 6.13+: MADV_GUARD_INSTALL), a launch pays nothing
// for the guards. Elsewhere they are pages the launch leaves closed when it opens the arena, one
// mprotect more per guarded buffer and launch: so only a few dozen buffers alive at once get one.
#pragma once

#include <cstddef>

namespace scanlab::cpu::detail {

// Once, with the arena's program view.
void guards_init(unsigned char* program, std::size_t bytes, std::size_t page);

// How many guard pages follow a buffer of `pages` pages (its span reserves them either way).
std::size_t guard_pages_for(std::size_t pages);
// Makes [first, first + count) a guard, if this buffer gets one. Under the arena's allocation lock.
void place_guard(std::size_t first, std::size_t count);
// The pages are handed out again: no guard any more. Under the arena's allocation lock.
void remove_guard(std::size_t first, std::size_t count);
// True for a page of a guard (async-signal-safe: the fault handler asks).
bool in_guard(std::size_t page);

// Guards that the launch must leave closed: calls open(first, pages) for each run of pages in
// [from, to) that is no guard of that kind. False if one of the calls did.
bool for_each_unguarded_run(std::size_t from, std::size_t to, bool (*open)(std::size_t, std::size_t, int), int prot);

}  // namespace scanlab::cpu::detail
