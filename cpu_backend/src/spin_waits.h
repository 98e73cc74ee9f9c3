// Spin waits: a thread that keeps reading memory without changing any (a volatile flag, an atomic
// load, a compare-and-swap that fails, __nanosleep) waits for another thread to write it. On a GPU
// that other thread runs at the same time; here it may be a thread of the same block that has not
// run yet, or a block that has not started. After spin_reads_before_yield such reads in a row the
// waiter steps aside (resident_blocks.cpp): first for the block's other threads, then for other
// blocks of the launch, as many as a GPU would hold at once.
//
// The counts come from the access hooks (access_hooks.cpp: kernel files of the `cpu` flavour are
// compiled with volatile accesses told apart) and from __nanosleep, so plain loads pay nothing.
#pragma once

#include <cstdint>

#include "block_scheduler.h"

namespace scanlab::cpu::detail {

// Writes (volatile, atomic) by this OS thread's blocks: progress, for the deadlock detection.
extern thread_local constinit std::uint64_t memory_changes;
// The word the latest waiting read looked at: when another block changes it, the waiter is the one
// to run next (resident_blocks.cpp).
struct watched_word {
  const void* address = nullptr;
  unsigned bytes = 0;
};
extern thread_local constinit watched_word last_waiting_read;

inline constexpr unsigned spin_reads_before_yield = 4096;

// The running thread has read without writing spin_reads_before_yield times: let others run.
void spin_wait_detected(const void* pc);
// The running thread begins to wait on memory for the first time since its last barrier: the
// block's other threads run first, up to their own first wait (first_waits.cpp).
void first_wait_in_phase();

[[gnu::always_inline]] inline void note_waiting_read(const void* address, unsigned bytes, const void* pc,
                                                     unsigned weight = 1) {
  cuda_thread* t = tls.thread;
  if (t == nullptr) return;  // host code of a .cu file
  if (address != nullptr) last_waiting_read = {address, bytes};
  if (!t->waited_in_phase) [[unlikely]]
    first_wait_in_phase();
  t->spin_reads += weight;
  if (t->spin_reads >= spin_reads_before_yield) [[unlikely]]
    spin_wait_detected(pc);
}
[[gnu::always_inline]] inline void note_memory_change() {
  if (cuda_thread* t = tls.thread) t->spin_reads = 0;
  ++memory_changes;
}

}  // namespace scanlab::cpu::detail
