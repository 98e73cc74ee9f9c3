// A thread's first wait on memory in a barrier interval (a volatile or atomic read that changes
// nothing: spin_waits.h) lets the other runnable threads of its block run first, each up to its own
// first wait, its next barrier or its end.
//
// Why: threads run one at a time here, each as far as it can go, while a GPU runs a block's warps
// side by side. A thread that signals another block (an atomic on a counter) and then waits for
// the grid would otherwise get far ahead of its own block, reading what its neighbours have not
// yet written (PMPP's radix sort: thread 0 publishes the block's scan, passes the grid barrier at
// once in the last block and reads the total that thread 79 writes a moment later on a GPU). One
// hand-over per thread and interval, only in code that waits, and it is a schedule a GPU may run,
// so correct programs are unaffected.
//
// When the word waited on changed meanwhile, the others handed something over through memory (an
// arrive/wait barrier, a flag), which the access checks do not model: the write that released the
// wait is no race (its finding, still pending, is dropped), and the checks stop for the launch, as
// at a spin (resident_blocks.cpp). A word that did not change orders nothing, and the checks go on.
#include "access_checks.h"
#include "block_scheduler.h"
#include "scanlab/cpu/device_impl/runtime_hooks.h"
#include "spin_waits.h"

namespace scanlab::cpu::detail {

namespace {
std::uint64_t value_of(const watched_word& w) {
  std::uint64_t v = 0;
  if (w.address != nullptr && w.bytes <= sizeof v) __builtin_memcpy(&v, w.address, w.bytes);
  return v;
}
}  // namespace

void first_wait_in_phase() {
  tls.thread->waited_in_phase = true;
  block_scheduler& scheduler = this_scheduler();
  if (!scheduler.running() || !scheduler.others_ready()) return;
  const watched_word word = last_waiting_read;
  const std::uint64_t before = value_of(word), changes_before = memory_changes;
  scheduler.yield();
  const bool handed_over = word.address != nullptr ? value_of(word) != before : memory_changes != changes_before;
  if (!handed_over) return;
  if (word.address != nullptr) forget_races_on(word.address, word.bytes);
  stop_access_checks_for_launch();
}

}  // namespace scanlab::cpu::detail
