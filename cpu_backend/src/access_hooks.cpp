// The entry points GCC's -fsanitize=thread code generation calls (its ABI, not ThreadSanitizer's
// runtime): the `cpu` flavour instruments kernel files this way, and these hooks hand each access
// to the access checks (access_checks.h) while a launch is checked, and do nothing else otherwise.
// Atomics must still happen: those hooks perform the operation (sequentially consistent, which is
// at least as strong as any order asked for).
//
// Not part of the cpu-tsan runtime, where ThreadSanitizer itself defines these names.
#include <cstddef>
#include <cstdint>

#include "access_checks.h"
#include "spin_waits.h"
#include "warp_lockstep.h"

namespace {

using scanlab::cpu::detail::active_access_checker;
using scanlab::cpu::detail::note_memory_change;
using scanlab::cpu::detail::note_waiting_read;
using scanlab::cpu::detail::volatile_load_ahead;
using scanlab::cpu::detail::volatile_store_ahead;

[[gnu::always_inline]] inline void note(const void* address, std::size_t bytes, bool write, bool atomic,
                                        const void* pc, bool is_volatile = false) {
  if (auto* checker = active_access_checker) [[unlikely]]
    scanlab::cpu::detail::record_access(*checker, address, bytes, write, atomic, pc, is_volatile);
}

[[gnu::always_inline]] inline void note_outcome(bool changed, const volatile void* address, unsigned bytes,
                                                const void* pc) {
  if (changed)
    note_memory_change();
  else
    note_waiting_read(const_cast<const void*>(address), bytes, pc);
}

}  // namespace

#define SCANLAB_PC __builtin_return_address(0)

extern "C" {

void __tsan_init() { scanlab::cpu::detail::note_instrumented_code(); }
void __tsan_func_entry(void*) {}
void __tsan_func_exit(void*) {}
void __tsan_vptr_update(void*, void*) {}
void __tsan_vptr_read(void*) {}
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
void __tsan_read_range(void* a, long size) { note(a, static_cast<std::size_t>(size), false, false, SCANLAB_PC); }
void __tsan_write_range(void* a, long size) { note(a, static_cast<std::size_t>(size), true, false, SCANLAB_PC); }

#define SCANLAB_PLAIN_HOOKS(N)                                                                   \
  void __tsan_read##N(void* a) { note(a, N, false, false, SCANLAB_PC); }                         \
  void __tsan_write##N(void* a) { note(a, N, true, false, SCANLAB_PC); }                         \
  void __tsan_unaligned_read##N(void* a) { note(a, N, false, false, SCANLAB_PC); }               \
  void __tsan_unaligned_write##N(void* a) { note(a, N, true, false, SCANLAB_PC); }               \
  void __tsan_volatile_read##N(void* a) {                                                        \
    volatile_load_ahead();                                                                       \
    note(a, N, false, false, SCANLAB_PC, true);                                                  \
    note_waiting_read(a, N, SCANLAB_PC);                                                         \
  }                                                                                              \
  void __tsan_volatile_write##N(void* a) {                                                       \
    volatile_store_ahead(a);                                                                     \
    note(a, N, true, false, SCANLAB_PC, true);                                                   \
    note_memory_change();                                                                        \
  }                                                                                              \
  void __tsan_unaligned_volatile_read##N(void* a) {                                              \
    volatile_load_ahead();                                                                       \
    note(a, N, false, false, SCANLAB_PC, true);                                                  \
    note_waiting_read(a, N, SCANLAB_PC);                                                         \
  }                                                                                              \
  void __tsan_unaligned_volatile_write##N(void* a) {                                             \
    volatile_store_ahead(a);                                                                     \
    note(a, N, true, false, SCANLAB_PC, true);                                                   \
    note_memory_change();                                                                        \
  }
SCANLAB_PLAIN_HOOKS(1)
SCANLAB_PLAIN_HOOKS(2)
SCANLAB_PLAIN_HOOKS(4)
SCANLAB_PLAIN_HOOKS(8)
SCANLAB_PLAIN_HOOKS(16)

// GCC declares these with `volatile void*` for the object (and `void*` for the expected value).
// An operation that leaves the value as it was (atomicAdd(&flag, 0), atomicOr(&done, 0)) is a
// waiting read for the spin-wait detection (spin_waits.h); one that changes it is progress.
#define SCANLAB_ATOMIC_RMW(N, T, op, builtin)                                      \
  T __tsan_atomic##N##_##op(volatile void* a, T v, int) {                          \
    note(const_cast<void*>(a), sizeof(T), true, true, SCANLAB_PC);                 \
    const T old = builtin(static_cast<volatile T*>(a), v, __ATOMIC_SEQ_CST);       \
    note_outcome(old != *static_cast<volatile T*>(a), a, sizeof(T), SCANLAB_PC);   \
    return old;                                                                    \
  }

#define SCANLAB_ATOMIC_HOOKS(N, T)                                                                      \
  T __tsan_atomic##N##_load(const volatile void* a, int) {                                              \
    note(const_cast<const void*>(a), sizeof(T), false, true, SCANLAB_PC);                               \
    note_waiting_read(const_cast<const void*>(a), sizeof(T), SCANLAB_PC);                               \
    return __atomic_load_n(static_cast<const volatile T*>(a), __ATOMIC_SEQ_CST);                        \
  }                                                                                                     \
  void __tsan_atomic##N##_store(volatile void* a, T v, int) {                                           \
    note(const_cast<void*>(a), sizeof(T), true, true, SCANLAB_PC);                                      \
    note_memory_change();                                                                               \
    __atomic_store_n(static_cast<volatile T*>(a), v, __ATOMIC_SEQ_CST);                                 \
  }                                                                                                     \
  SCANLAB_ATOMIC_RMW(N, T, exchange, __atomic_exchange_n)                                               \
  SCANLAB_ATOMIC_RMW(N, T, fetch_add, __atomic_fetch_add)                                               \
  SCANLAB_ATOMIC_RMW(N, T, fetch_sub, __atomic_fetch_sub)                                               \
  SCANLAB_ATOMIC_RMW(N, T, fetch_and, __atomic_fetch_and)                                               \
  SCANLAB_ATOMIC_RMW(N, T, fetch_or, __atomic_fetch_or)                                                 \
  SCANLAB_ATOMIC_RMW(N, T, fetch_xor, __atomic_fetch_xor)                                               \
  SCANLAB_ATOMIC_RMW(N, T, fetch_nand, __atomic_fetch_nand)                                             \
  bool __tsan_atomic##N##_compare_exchange_strong(volatile void* a, void* expected, T desired, int, int) { \
    note(const_cast<void*>(a), sizeof(T), true, true, SCANLAB_PC);                                      \
    const T wanted = *static_cast<T*>(expected);                                                        \
    const bool swapped = __atomic_compare_exchange_n(static_cast<volatile T*>(a), static_cast<T*>(expected), \
                                                     desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    note_outcome(swapped && wanted != desired, a, sizeof(T), SCANLAB_PC);                                             \
    return swapped;                                                                                     \
  }                                                                                                     \
  bool __tsan_atomic##N##_compare_exchange_weak(volatile void* a, void* expected, T desired, int, int) { \
    note(const_cast<void*>(a), sizeof(T), true, true, SCANLAB_PC);                                      \
    const T wanted = *static_cast<T*>(expected);                                                        \
    const bool swapped = __atomic_compare_exchange_n(static_cast<volatile T*>(a), static_cast<T*>(expected), \
                                                     desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    note_outcome(swapped && wanted != desired, a, sizeof(T), SCANLAB_PC);                                             \
    return swapped;                                                                                     \
  }                                                                                                     \
  T __tsan_atomic##N##_compare_exchange_val(volatile void* a, T expected, T desired, int, int) {        \
    note(const_cast<void*>(a), sizeof(T), true, true, SCANLAB_PC);                                      \
    const T wanted = expected;                                                                          \
    const bool swapped = __atomic_compare_exchange_n(static_cast<volatile T*>(a), &expected, desired, false, \
                                                     __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);               \
    note_outcome(swapped && wanted != desired, a, sizeof(T), SCANLAB_PC);                                             \
    return expected;                                                                                    \
  }
SCANLAB_ATOMIC_HOOKS(8, unsigned char)
SCANLAB_ATOMIC_HOOKS(16, unsigned short)
SCANLAB_ATOMIC_HOOKS(32, unsigned int)
SCANLAB_ATOMIC_HOOKS(64, unsigned long)

}  // extern "C"
