// Device-side intrinsics for the CPU backend: barriers, warp collectives, atomics, fences.
// Barriers and warp collectives are scheduling points: the calling fiber blocks until its
// partners arrive. Each records the caller's file and line (compiler builtins honour #line, so
// they name the student's .cu) for the divergent-barrier and deadlock reports.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanlab/cpu/thread_context.h"

namespace scanlab::cpu::detail {

enum class barrier_kind : int { plain, count, all, any };
int block_barrier(barrier_kind kind, int predicate, const char* file, int line);

enum class warp_op : int { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, any, all };
// Rendezvous of the lanes named in `mask`. Returns the lane's result as raw bits.
std::uint64_t warp_collective(warp_op op, unsigned mask, std::uint64_t value, int arg, int width,
                              const char* file, int line);
unsigned active_lanes_mask();
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

// ---- block barriers --------------------------------------------------------------------------
inline void __syncthreads(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::scanlab::cpu::detail::block_barrier(::scanlab::cpu::detail::barrier_kind::plain, 0, file, line);
}
inline int __syncthreads_count(int pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  return ::scanlab::cpu::detail::block_barrier(::scanlab::cpu::detail::barrier_kind::count, pred, file, line);
}
inline int __syncthreads_and(int pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  return ::scanlab::cpu::detail::block_barrier(::scanlab::cpu::detail::barrier_kind::all, pred, file, line);
}
inline int __syncthreads_or(int pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  return ::scanlab::cpu::detail::block_barrier(::scanlab::cpu::detail::barrier_kind::any, pred, file, line);
}

// ---- warp collectives ------------------------------------------------------------------------
inline void __syncwarp(unsigned mask = 0xffffffffu, const char* file = __builtin_FILE(),
                       int line = __builtin_LINE()) {
  ::scanlab::cpu::detail::warp_collective(::scanlab::cpu::detail::warp_op::sync, mask, 0, 0, 32, file, line);
}

#define SCANLAB_DEFINE_SHUFFLE(NAME, OP, ARG_TYPE)                                                    \
  template <class T>                                                                                  \
  T NAME(unsigned mask, T var, ARG_TYPE arg, int width = warpSize, const char* file = __builtin_FILE(), \
         int line = __builtin_LINE()) {                                                               \
    namespace d = ::scanlab::cpu::detail;                                                             \
    return d::from_bits<T>(d::warp_collective(d::warp_op::OP, mask, d::to_bits(var),                  \
                                              static_cast<int>(arg), width, file, line));             \
  }
SCANLAB_DEFINE_SHUFFLE(__shfl_sync, shfl_idx, int)
SCANLAB_DEFINE_SHUFFLE(__shfl_up_sync, shfl_up, unsigned)
SCANLAB_DEFINE_SHUFFLE(__shfl_down_sync, shfl_down, unsigned)
SCANLAB_DEFINE_SHUFFLE(__shfl_xor_sync, shfl_xor, int)
#undef SCANLAB_DEFINE_SHUFFLE

inline unsigned __ballot_sync(unsigned mask, int pred, const char* file = __builtin_FILE(),
                              int line = __builtin_LINE()) {
  namespace d = ::scanlab::cpu::detail;
  return static_cast<unsigned>(d::warp_collective(d::warp_op::ballot, mask, pred != 0, 0, 32, file, line));
}
inline int __any_sync(unsigned mask, int pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  namespace d = ::scanlab::cpu::detail;
  return static_cast<int>(d::warp_collective(d::warp_op::any, mask, pred != 0, 0, 32, file, line));
}
inline int __all_sync(unsigned mask, int pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  namespace d = ::scanlab::cpu::detail;
  return static_cast<int>(d::warp_collective(d::warp_op::all, mask, pred != 0, 0, 32, file, line));
}
inline unsigned __activemask() { return ::scanlab::cpu::detail::active_lanes_mask(); }

inline void __trap(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::scanlab::cpu::detail::trap(file, line);
}

// ---- memory ordering -------------------------------------------------------------------------
// x86 is TSO, so a missing fence never shows on the CPU backend; the harness says so in reports.
#if defined(__SANITIZE_THREAD__)
// ThreadSanitizer cannot model stand-alone fences (gcc warns); blocks of one launch run in turn
// on one OS thread there, so a compiler barrier keeps the same meaning.
inline void __threadfence() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
#else
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#endif
inline void __nanosleep(unsigned) {}
long long clock64();
inline long clock_device() { return static_cast<long>(clock64()); }
template <class T>
T __ldg(const T* p) { return *p; }
template <class T>
T __ldcg(const T* p) { return *p; }
template <class T>
T __ldcs(const T* p) { return *p; }
template <class T>
void __stcg(T* p, T v) { *p = v; }
template <class T>
void __stcs(T* p, T v) { *p = v; }

// ---- atomics ---------------------------------------------------------------------------------
// Real atomics even though one block runs at a time: it keeps the code honest if blocks ever run
// on several OS threads, and costs little next to a fiber switch.
namespace scanlab::cpu::detail {
template <class T>
constexpr bool atomic_integer = std::is_same_v<T, int> || std::is_same_v<T, unsigned int> ||
                                std::is_same_v<T, unsigned long long> || std::is_same_v<T, long long>;
template <class T, class F>
T atomic_update(T* address, F&& update) {
  // CAS loop on the bit pattern: how CUDA itself implements the float min/max it lacks natively.
  using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  auto* word = reinterpret_cast<bits_t*>(address);
  bits_t old_bits = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    T old_value = from_bits<T>(old_bits);
    T new_value = update(old_value);
    bits_t new_bits = static_cast<bits_t>(to_bits(new_value));
    if (__atomic_compare_exchange_n(word, &old_bits, new_bits, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      return old_value;
  }
}
}  // namespace scanlab::cpu::detail

template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicAdd(T* a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }
inline float atomicAdd(float* a, float v) {
  return ::scanlab::cpu::detail::atomic_update(a, [v](float x) { return x + v; });
}
inline double atomicAdd(double* a, double v) {
  return ::scanlab::cpu::detail::atomic_update(a, [v](double x) { return x + v; });
}
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicSub(T* a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); }
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicExch(T* a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); }
inline float atomicExch(float* a, float v) {
  return ::scanlab::cpu::detail::atomic_update(a, [v](float) { return v; });
}
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicCAS(T* a, T expected, T desired) {
  __atomic_compare_exchange_n(a, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;  // on failure the builtin stored the current value here, as CUDA returns it
}
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T> || std::is_same_v<T, float>>>
T atomicMin(T* a, T v) {
  return ::scanlab::cpu::detail::atomic_update(a, [v](T x) { return v < x ? v : x; });
}
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T> || std::is_same_v<T, float>>>
T atomicMax(T* a, T v) {
  return ::scanlab::cpu::detail::atomic_update(a, [v](T x) { return v > x ? v : x; });
}
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicAnd(T* a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); }
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicOr(T* a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }
template <class T, class = std::enable_if_t<::scanlab::cpu::detail::atomic_integer<T>>>
T atomicXor(T* a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); }
inline unsigned atomicInc(unsigned* a, unsigned limit) {
  return ::scanlab::cpu::detail::atomic_update(a, [limit](unsigned x) { return x >= limit ? 0u : x + 1; });
}
inline unsigned atomicDec(unsigned* a, unsigned limit) {
  return ::scanlab::cpu::detail::atomic_update(
      a, [limit](unsigned x) { return (x == 0 || x > limit) ? limit : x - 1; });
}
// Scoped variants: scope is irrelevant when one CPU executes every block.
#define SCANLAB_SCOPED_ATOMIC(NAME)                                               \
  template <class... A>                                                           \
  auto NAME##_block(A... a) { return NAME(a...); }                                \
  template <class... A>                                                           \
  auto NAME##_system(A... a) { return NAME(a...); }
SCANLAB_SCOPED_ATOMIC(atomicAdd)
SCANLAB_SCOPED_ATOMIC(atomicSub)
SCANLAB_SCOPED_ATOMIC(atomicExch)
SCANLAB_SCOPED_ATOMIC(atomicCAS)
SCANLAB_SCOPED_ATOMIC(atomicMin)
SCANLAB_SCOPED_ATOMIC(atomicMax)
#undef SCANLAB_SCOPED_ATOMIC
