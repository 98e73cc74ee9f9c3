// Warp-synchronous code through volatile memory, as textbooks wrote it before Volta:
//
//   if (tid < 32) { volatile int* v = data; v[tid] += v[tid + 32]; v[tid] += v[tid + 16]; ... }
//
// Each statement reads a neighbour's element that the neighbour's lane writes in the same
// statement, and relies on the warp's lanes doing every statement together: all reads, then all
// writes. Here lanes run one at a time, so lane 0 would run all its statements before lane 16 did
// its first. A GPU of today does not promise lockstep either (the race is real: __syncwarp()
// between the statements is the fix, and the access checks report it where they run), but it
// runs such converged code in lockstep in practice, and the program prints what the GPU prints
// only if the lanes take turns the same way. So at each volatile store to shared or global memory
// the running thread lets the block's other runnable threads go first, up to their own next
// volatile store (the reads before it done), and again after its store before its next volatile
// read: every lane's reads of a statement then come before any lane's write, and every write
// before the next statement's reads, in any thread order. Only while another lane of its warp can
// run and has read volatile memory since the last barrier (first_waits.cpp brings the lanes of a
// warp to their first volatile read together): a lone thread's volatile store (a flag, a block's
// hand-off to the next) takes no turns. Plain code pays nothing; volatile stores pay a look at the
// warp's 32 lanes, and in warp-synchronous code up to two fiber switches each.
#pragma once

#include "block_scheduler.h"

namespace scanlab::cpu::detail {

void lockstep_before_volatile_store(cuda_thread& t, const void* address);
void lockstep_after_volatile_store(cuda_thread& t);

// From the access hooks, before a volatile store and before a volatile load.
[[gnu::always_inline]] inline void volatile_store_ahead(const void* address) {
  if (cuda_thread* t = tls.thread) lockstep_before_volatile_store(*t, address);
}
[[gnu::always_inline]] inline void volatile_load_ahead() {
  cuda_thread* t = tls.thread;
  if (t != nullptr && t->stored_volatile) [[unlikely]]
    lockstep_after_volatile_store(*t);
}

}  // namespace scanlab::cpu::detail
