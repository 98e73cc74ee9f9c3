// Waits on arrive/wait barriers (cuda::barrier, cuda::std::barrier) for the CPU backend.
//
// CCCL's host barrier waits by polling on the OS thread. On the CPU backend every CUDA thread of a
// block is a fiber of one OS thread, so a poll that never yields would wait forever for threads
// that never run. CCCL's waits all go through __cccl_thread_poll_with_backoff with one of two
// tester types; the overloads below are more specialised than CCCL's template, so every barrier
// wait resolves to them: between polls the waiter yields to the block's other threads. They must
// be declared before CCCL's barrier headers are read (the calls there are not dependent), which is
// why the wrappers of the public headers that bring them in (cuda/barrier, cuda/std/barrier,
// cuda/pipeline, cuda/annotated_ptr) include this file first. (Not every wrapper: its <chrono>
// would come back to a wrapper still open, such as <cuda/std/limits>.)
#pragma once
#if __has_include(<cuda/std/__barrier/poll_tester.h>) && __has_include(<cuda/std/__thread/threading_support.h>)
#ifdef _CUDA___BARRIER_BARRIER_BLOCK_SCOPE_H
#error "scanlab CPU backend: CCCL's barriers were read before scanlab's waits for them; include <cuda/barrier> before the CCCL header that brought them in (and tell scanlab's developers which one it was)"
#endif
#include <cuda/std/__barrier/poll_tester.h>
#include <cuda/std/__thread/threading_support.h>
#include <cuda/std/chrono>

#include "scanlab/cpu/device_impl/runtime_hooks.h"

// Tells cuda/barrier that block-scope barriers work here (an older CCCL without these headers gets
// a compile error that says so instead).
#define SCANLAB_ARRIVE_WAIT_BARRIERS 1

namespace scanlab::cpu::detail {
// Polls `ready` until it holds, letting the block's other threads run in between. A timed wait
// (try_wait_for) gives up after one round of the others: a spurious timeout, which CUDA allows.
template <class Ready>
bool wait_on_barrier(const Ready& ready, bool timed) {
  if (ready()) return true;
  stop_access_checks_for_launch();
  for (;;) {
    const bool others_ran = yield_to_block();
    if (ready()) {
      note_arrive_wait_progress();
      return true;
    }
    if (timed) return false;
    if (!others_ran) arrive_wait_deadlock("an arrive/wait barrier (cuda::barrier)");
  }
}
}  // namespace scanlab::cpu::detail

// cuda::std (with CCCL's versioned inline namespace): CCCL 3.0 names the macro that opens it
// _LIBCUDACXX_BEGIN_NAMESPACE_STD, CCCL 3.1 and later _CCCL_BEGIN_NAMESPACE_CUDA_STD.
#if defined(_CCCL_BEGIN_NAMESPACE_CUDA_STD)
_CCCL_BEGIN_NAMESPACE_CUDA_STD
#else
_LIBCUDACXX_BEGIN_NAMESPACE_STD
#endif

template <class _Barrier>
bool __cccl_thread_poll_with_backoff(__barrier_poll_tester_phase<_Barrier>&& __ready,
                                     chrono::nanoseconds __max = chrono::nanoseconds::zero()) {
  return ::scanlab::cpu::detail::wait_on_barrier(__ready, __max != chrono::nanoseconds::zero());
}

template <class _Barrier>
bool __cccl_thread_poll_with_backoff(__barrier_poll_tester_parity<_Barrier>&& __ready,
                                     chrono::nanoseconds __max = chrono::nanoseconds::zero()) {
  return ::scanlab::cpu::detail::wait_on_barrier(__ready, __max != chrono::nanoseconds::zero());
}

#if defined(_CCCL_END_NAMESPACE_CUDA_STD)
_CCCL_END_NAMESPACE_CUDA_STD
#else
_LIBCUDACXX_END_NAMESPACE_STD
#endif
#endif
