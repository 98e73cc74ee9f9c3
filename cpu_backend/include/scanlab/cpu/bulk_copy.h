// Bulk copies that complete on an arrive/wait barrier (Hopper's TMA, through libcu++:
// cuda::device::memcpy_async_tx, barrier_expect_tx, barrier_arrive_tx), for the CPU backend.
// CCCL declares them for nvcc's device pass only; here a copy happens at once, and the barrier's
// transaction count (bytes expected, bytes landed) lives in the scheduler (runtime_hooks.h). An
// arrival made while bytes are still expected is held back until they land, so a phase never
// completes before its copies, whichever order the code issues them in (both are valid CUDA).
#pragma once
#include <cstddef>
#include <cstring>

#include "scanlab/cpu/device_impl/runtime_hooks.h"

namespace cuda::device {

namespace scanlab_detail {
// The barrier's current phase, as the token an arrival in it returns (libcu++'s host barrier: the
// phase bit). For an arrival held back until its bytes land.
inline barrier<thread_scope_block>::arrival_token current_phase_token(barrier<thread_scope_block>& b) {
  const bool odd = ::cuda::std::__barrier_poll_tester_parity<barrier<thread_scope_block>>(&b, false)();
  return odd ? barrier<thread_scope_block>::arrival_token(1ull << 63) : barrier<thread_scope_block>::arrival_token(0);
}
}  // namespace scanlab_detail

inline void barrier_expect_tx(barrier<thread_scope_block>& b, std::ptrdiff_t bytes) {
  ::scanlab::cpu::detail::expect_transaction_bytes(&b, bytes);
}

inline barrier<thread_scope_block>::arrival_token barrier_arrive_tx(barrier<thread_scope_block>& b,
                                                                     std::ptrdiff_t arrivals, std::ptrdiff_t bytes) {
  ::scanlab::cpu::detail::expect_transaction_bytes(&b, bytes);
  if (::scanlab::cpu::detail::arrival_goes_ahead(&b, arrivals)) return b.arrive(arrivals);
  return scanlab_detail::current_phase_token(b);
}

template <class T, std::size_t Alignment>
inline async_contract_fulfillment memcpy_async_tx(T* destination, const T* source, aligned_size_t<Alignment> size,
                                                  barrier<thread_scope_block>& b) {
  static_assert(16 <= Alignment, "memcpy_async_tx (a bulk copy) needs 16-byte aligned arguments, as on a GPU");
  std::memcpy(static_cast<void*>(destination), static_cast<const void*>(source), static_cast<std::size_t>(size));
  const std::ptrdiff_t released =
      ::scanlab::cpu::detail::transaction_bytes_landed(&b, static_cast<std::ptrdiff_t>(static_cast<std::size_t>(size)));
  if (released > 0) (void)b.arrive(released);
  return async_contract_fulfillment::async;
}

namespace experimental {
// Orders generic-proxy writes (a barrier's init, plain stores) before later bulk copies. Here a
// copy is a plain memcpy by the calling thread: there is one proxy, nothing to order.
inline void fence_proxy_async_shared_cta() {}
}  // namespace experimental

}  // namespace cuda::device
