// Access checks: the reads and writes of each CUDA thread, by barrier interval, for small launches.
//
// The `cpu` flavour compiles kernels with GCC's ThreadSanitizer code generation, but links no
// ThreadSanitizer: every load and store of the program's own code calls one of the hooks in
// access_hooks.cpp, and those land here. While a launch is checked, each 4-byte word of the
// block's shared memory and of device memory remembers its last writer and up to two readers of
// the current barrier interval (thread, source location, interval). Two accesses by different
// threads to one word, at least one a write, neither atomic, in the same interval and not ordered
// by a warp collective, are a race, unless the racing writes left the word's value as it was.
// The checker names the variable and element, the two lines with their code, the two threads and
// the barriers around them. A read of shared memory that no thread of the block has written is
// named the same way. When no launch is checked a hook costs a call and a test.
#pragma once

#include <cstddef>
#include <cstdint>

namespace scanlab::cpu::detail {

class access_checker;

// Non-null while a checked launch runs on this OS thread: the only thing an idle hook reads.
extern thread_local constinit access_checker* active_access_checker;

void record_access(access_checker& checker, const void* address, std::size_t bytes, bool write, bool atomic,
                   const void* pc, bool is_volatile = false);
// Called by every instrumented translation unit's constructor (__tsan_init).
void note_instrumented_code();

// The launch loop and the scheduler keep the checker informed.
void access_checks_launch_begin(std::uint64_t threads_in_launch);
void access_checks_block_begin();
void barrier_released(access_checker& checker, const char* file, int line);
void warp_synced(access_checker& checker, unsigned warp);
// On the scheduler's hot paths: a test of the pointer when nothing is checked.
inline void access_checks_barrier_released(const char* file, int line) {
  if (access_checker* c = active_access_checker) [[unlikely]]
    barrier_released(*c, file, line);
}
inline void access_checks_warp_synced(unsigned warp) {
  if (access_checker* c = active_access_checker) [[unlikely]]
    warp_synced(*c, warp);
}
void access_checks_block_end();
void access_checks_launch_end();
// A write released a thread waiting on these bytes (first_waits.cpp): the findings on them that
// this interval has not reported yet are a hand-over, not races.
void forget_races_on(const void* address, std::size_t bytes);

}  // namespace scanlab::cpu::detail
