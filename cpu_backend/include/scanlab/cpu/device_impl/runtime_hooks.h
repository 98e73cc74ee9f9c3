// The scheduler's entry points that device code calls (implemented in src/block_scheduler.cpp):
// barriers and warp collectives are scheduling points, the calling fiber waits for its partners.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace scanlab::cpu::detail {

enum class barrier_kind : int { plain, count, all, any };
int block_barrier(barrier_kind kind, int predicate, const char* file, int line);

enum class warp_op : int { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, any, all };
// Rendezvous of the lanes named in `mask`. Returns the lane's result as raw bits.
std::uint64_t warp_collective(warp_op op, unsigned mask, std::uint64_t value, int arg, int width,
                              const char* file, int line);
unsigned active_lanes_mask(const char* file, int line);
[[noreturn]] void trap(const char* file, int line);

template <class T>
std::uint64_t to_bits(T v) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                "warp shuffles move values of at most 8 bytes (as in CUDA)");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}
template <class T>
T from_bits(std::uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}

}  // namespace scanlab::cpu::detail
