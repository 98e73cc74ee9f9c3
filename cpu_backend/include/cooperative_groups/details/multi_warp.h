// The collectives of tiles wider than a warp (thread_block_tile<64..1024>) on scanlab's CPU backend.
// On a GPU they go through block_tile_memory; here through one 8-byte slot per thread of the block,
// kept per OS thread: an OS thread runs the threads of one block at a time, so its slots are that
// block's, like shared memory. Each collective writes the caller's slot, waits at the block barrier,
// reads the tile's slots and waits again, so the slots are free for the next collective. The barrier
// is the whole block's (see cooperative_groups.h): every tile must reach the collective together.
#pragma once

#include <cstdint>
#include <type_traits>

#include "scanlab/cpu/prelude.h"

namespace cooperative_groups::details {

inline thread_local std::uint64_t multi_warp_slots[1024];

template <class T>
void check_multi_warp_value() {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                "collectives of tiles wider than a warp take values of at most 8 bytes (as in CUDA)");
}

// Every thread of the tile starting at block rank `first` gets the value of the tile's rank `src`.
template <class T>
T multi_warp_broadcast(const T& value, unsigned first, unsigned src, const char* file, int line) {
  check_multi_warp_value<T>();
  multi_warp_slots[::scanlab::cpu::detail::tls.linear_thread] = ::scanlab::cpu::detail::to_bits(value);
  __syncthreads(file, line);
  const T result = ::scanlab::cpu::detail::from_bits<T>(multi_warp_slots[first + src]);
  __syncthreads(file, line);
  return result;
}

// How many threads of the tile [first, first + size) have `flag` set.
inline unsigned multi_warp_count(bool flag, unsigned first, unsigned size, const char* file, int line) {
  multi_warp_slots[::scanlab::cpu::detail::tls.linear_thread] = flag ? 1u : 0u;
  __syncthreads(file, line);
  unsigned count = 0;
  for (unsigned r = 0; r < size; ++r) count += static_cast<unsigned>(multi_warp_slots[first + r]);
  __syncthreads(file, line);
  return count;
}

// op folded over the values of the tile's ranks [0, upto), in rank order, starting from rank 0's
// (upto >= 1); every thread of the tile calls it with its own value and its own `upto`. `stride`
// picks every stride-th rank (32: one value per warp, after each warp reduced its own).
template <class T, class Op>
T multi_warp_fold(const T& value, unsigned first, unsigned upto, unsigned stride, Op& op, const char* file,
                  int line) {
  check_multi_warp_value<T>();
  multi_warp_slots[::scanlab::cpu::detail::tls.linear_thread] = ::scanlab::cpu::detail::to_bits(value);
  __syncthreads(file, line);
  T result = ::scanlab::cpu::detail::from_bits<T>(multi_warp_slots[first]);
  for (unsigned r = stride; r < upto; r += stride)
    result = op(result, ::scanlab::cpu::detail::from_bits<T>(multi_warp_slots[first + r]));
  __syncthreads(file, line);
  return result;
}

}  // namespace cooperative_groups::details
