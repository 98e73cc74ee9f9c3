// Atomic read-modify-write for every type CUDA declares an atomic on. Real atomics even though
// one block runs at a time: it keeps the code honest if blocks ever run on several OS threads, and
// costs little next to a fiber switch. Scope (_block, _system) changes nothing on one CPU.
#pragma once

#include <cstdint>
#include <type_traits>

#include "scanlab/cpu/device_impl/runtime_hooks.h"

namespace scanlab::cpu::detail {

// Fresh cudaMalloc memory holds this word everywhere (src/device_memory.cpp): a quiet NaN as a
// float, 2143338223 as an int. An atomic that finds it there reads memory nothing has written
// since cudaMalloc, as compute-sanitizer's initcheck would report on a GPU.
inline constexpr std::uint32_t fresh_device_word = 0x7fc0beefu;
// Reports that read, once per line (src/uninitialised_atomics.cpp); the caller's line is the one named.
void atomic_read_fresh_memory(const void* address, std::size_t bytes);

// The old value an atomic read, checked for the fresh pattern: a compare, nothing more, when it
// is not. 4- and 8-byte atomics (int, float, double, 64-bit integers).
template <class T>
[[gnu::always_inline]] inline T checked_old(const void* address, T old) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    std::uint64_t bits = 0;
    __builtin_memcpy(&bits, &old, sizeof(T));
    const std::uint64_t fresh = sizeof(T) == 4 ? fresh_device_word : (std::uint64_t(fresh_device_word) << 32 | fresh_device_word);
    if (bits == fresh) [[unlikely]] {
      atomic_read_fresh_memory(address, sizeof(T));
      // Not a tail call, whatever follows the atomic: the report names the line of the call.
      asm volatile("" ::: "memory");
    }
  }
  return old;
}

template <class T>
using same_size_word = std::conditional_t<
    sizeof(T) == 2, std::uint16_t, std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;

// Compare-and-swap loop on the bit pattern: how CUDA itself builds the operations its hardware
// lacks (float min/max, inc/dec with a limit). Returns the old value.
template <class T, class F>
T atomic_update(T* address, F&& update) {
  using word_t = same_size_word<T>;
  auto* word = reinterpret_cast<word_t*>(address);
  word_t old_bits = checked_old(address, __atomic_load_n(word, __ATOMIC_RELAXED));
  for (;;) {
    const T old_value = from_bits<T>(old_bits);
    const word_t new_bits = static_cast<word_t>(to_bits(static_cast<T>(update(old_value))));
    if (__atomic_compare_exchange_n(word, &old_bits, new_bits, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      return old_value;
  }
}

template <class T>
T atomic_fetch_add(T* address, T value) {
  if constexpr (std::is_integral_v<T>) return checked_old(address, __atomic_fetch_add(address, value, __ATOMIC_SEQ_CST));
  else return atomic_update(address, [value](T x) { return x + value; });
}
template <class T>
T atomic_fetch_sub(T* address, T value) {
  if constexpr (std::is_integral_v<T>) return checked_old(address, __atomic_fetch_sub(address, value, __ATOMIC_SEQ_CST));
  else return atomic_update(address, [value](T x) { return x - value; });
}
template <class T>
T atomic_exchange(T* address, T value) {
  if constexpr (std::is_integral_v<T>) return __atomic_exchange_n(address, value, __ATOMIC_SEQ_CST);
  else return atomic_update(address, [value](T) { return value; });
}
template <class T>
T atomic_fetch_min(T* address, T value) {
  return atomic_update(address, [value](T x) { return value < x ? value : x; });
}
template <class T>
T atomic_fetch_max(T* address, T value) {
  return atomic_update(address, [value](T x) { return value > x ? value : x; });
}
template <class T>
T atomic_fetch_and(T* address, T value) { return checked_old(address, __atomic_fetch_and(address, value, __ATOMIC_SEQ_CST)); }
template <class T>
T atomic_fetch_or(T* address, T value) { return checked_old(address, __atomic_fetch_or(address, value, __ATOMIC_SEQ_CST)); }
template <class T>
T atomic_fetch_xor(T* address, T value) { return checked_old(address, __atomic_fetch_xor(address, value, __ATOMIC_SEQ_CST)); }
// atomicInc: ((old >= limit) ? 0 : old + 1); atomicDec: ((old == 0 || old > limit) ? limit : old - 1).
template <class T>
T atomic_fetch_inc(T* address, T limit) {
  return atomic_update(address, [limit](T x) { return x >= limit ? T(0) : T(x + 1); });
}
template <class T>
T atomic_fetch_dec(T* address, T limit) {
  return atomic_update(address, [limit](T x) { return (x == 0 || x > limit) ? limit : T(x - 1); });
}
template <class T>
T atomic_compare_and_swap(T* address, T expected, T desired) {
  __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return checked_old(address, expected);  // on failure the builtin stored the current value here, as CUDA returns it
}

}  // namespace scanlab::cpu::detail
