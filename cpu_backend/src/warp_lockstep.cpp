#include "warp_lockstep.h"

namespace scanlab::cpu::detail {

void lockstep_before_volatile_store(cuda_thread& t, const void* address) {
  block_scheduler& scheduler = this_scheduler();
  // A volatile local variable (a benchmark's sink) is no one else's: no turn to take.
  if (!scheduler.running() || scheduler.on_fiber_stack(address)) return;
  t.stored_volatile = true;
  if (scheduler.warp_mate_waiting(t)) scheduler.yield();
}

void lockstep_after_volatile_store(cuda_thread& t) {
  t.stored_volatile = false;
  block_scheduler& scheduler = this_scheduler();
  if (scheduler.running() && scheduler.warp_mate_waiting(t)) scheduler.yield();
}

}  // namespace scanlab::cpu::detail
