// Warp collectives on top of the scheduler's rendezvous (warp_collective): shuffles and votes map
// onto one rendezvous each; __match_*_sync and __reduce_*_sync, which the scheduler has no
// operation for, gather every participating lane's value with one indexed shuffle per lane (all
// lanes run the same sequence of rendezvous, so they stay in step, and a lane outside the mask is
// never read).
#pragma once

#include <cstdint>
#include <type_traits>

#include "scanlab/cpu/device_impl/runtime_hooks.h"
#include "scanlab/cpu/thread_context.h"

namespace scanlab::cpu::detail {

template <class T, class A>
T warp_shuffle(warp_op op, unsigned mask, T value, A lane_or_delta, int width, const char* file, int line) {
  return from_bits<T>(warp_collective(op, mask, to_bits(value), static_cast<int>(lane_or_delta), width, file, line));
}

inline unsigned warp_vote_ballot(unsigned mask, int predicate, const char* file, int line) {
  return static_cast<unsigned>(warp_collective(warp_op::ballot, mask, predicate != 0, 0, 32, file, line));
}
inline int warp_vote_any(unsigned mask, int predicate, const char* file, int line) {
  return static_cast<int>(warp_collective(warp_op::any, mask, predicate != 0, 0, 32, file, line));
}
inline int warp_vote_all(unsigned mask, int predicate, const char* file, int line) {
  return static_cast<int>(warp_collective(warp_op::all, mask, predicate != 0, 0, 32, file, line));
}
// __uni_sync: true when the predicate is the same on every lane of the mask.
inline int warp_vote_uni(unsigned mask, int predicate, const char* file, int line) {
  const unsigned ballot = warp_vote_ballot(mask, predicate, file, line);
  return ballot == 0 || ballot == mask;
}

// Calls visit(lane, bits) for each lane of `mask`, in lane order, with that lane's value.
template <class T, class Visit>
void for_each_lane_value(unsigned mask, T value, const char* file, int line, Visit&& visit) {
  const std::uint64_t mine = to_bits(value);
  for (int lane = 0; lane < 32; ++lane)
    if ((mask >> lane) & 1u) visit(lane, warp_collective(warp_op::shfl_idx, mask, mine, lane, 32, file, line));
}

// __match_any_sync: the lanes of the mask whose value has the same bits as this lane's.
template <class T>
unsigned warp_match_any(unsigned mask, T value, const char* file, int line) {
  const std::uint64_t mine = to_bits(value);
  unsigned same = 0;
  for_each_lane_value(mask, value, file, line, [&](int lane, std::uint64_t bits) {
    if (bits == mine) same |= 1u << lane;
  });
  return same;
}
// __match_all_sync: the mask if every lane holds the same bits (*predicate = 1), else 0.
template <class T>
unsigned warp_match_all(unsigned mask, T value, int* predicate, const char* file, int line) {
  const unsigned same = warp_match_any(mask, value, file, line);
  *predicate = same == mask;
  return same == mask ? mask : 0u;
}

template <class T, class Combine>
T warp_reduce(unsigned mask, T value, const char* file, int line, Combine&& combine) {
  bool first = true;
  T total{};
  for_each_lane_value(mask, value, file, line, [&](int, std::uint64_t bits) {
    const T v = from_bits<T>(bits);
    total = first ? v : combine(total, v);
    first = false;
  });
  return total;
}
template <class T>
T warp_reduce_add(unsigned mask, T value, const char* file, int line) {
  // Sum modulo 2^32, as the hardware does, without signed-overflow UB.
  using U = std::make_unsigned_t<T>;
  return warp_reduce(mask, value, file, line, [](T a, T b) { return static_cast<T>(static_cast<U>(a) + static_cast<U>(b)); });
}
template <class T>
T warp_reduce_min(unsigned mask, T value, const char* file, int line) {
  return warp_reduce(mask, value, file, line, [](T a, T b) { return b < a ? b : a; });
}
template <class T>
T warp_reduce_max(unsigned mask, T value, const char* file, int line) {
  return warp_reduce(mask, value, file, line, [](T a, T b) { return b > a ? b : a; });
}
template <class T>
T warp_reduce_and(unsigned mask, T value, const char* file, int line) {
  return warp_reduce(mask, value, file, line, [](T a, T b) { return a & b; });
}
template <class T>
T warp_reduce_or(unsigned mask, T value, const char* file, int line) {
  return warp_reduce(mask, value, file, line, [](T a, T b) { return a | b; });
}
template <class T>
T warp_reduce_xor(unsigned mask, T value, const char* file, int line) {
  return warp_reduce(mask, value, file, line, [](T a, T b) { return a ^ b; });
}

}  // namespace scanlab::cpu::detail
