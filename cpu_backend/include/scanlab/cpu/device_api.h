// Device-side API for the CPU backend. Barriers, __syncwarp, fences and clocks are written here by
// hand; everything else (atomics, shuffles and votes, __match/__reduce, cache-hinted loads and
// stores) is generated from the CUDA toolkit's declarations with CUDA's exact overloads
// (cpu_backend/tools/gen_device_api.py), so calls convert and resolve as under nvcc.
// Barriers and warp collectives are scheduling points: the calling fiber blocks until its
// partners arrive. Each records the caller's file and line (compiler builtins honour #line, so
// they name the student's .cu) for the divergent-barrier and deadlock reports.
#pragma once

#include <cstdint>

#include "scanlab/cpu/device_impl/runtime_hooks.h"
#include "scanlab/cpu/thread_context.h"
#include "scanlab/cpu/thread_instrumented.h"

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

// ---- warp synchronisation --------------------------------------------------------------------
inline void __syncwarp(unsigned mask = 0xffffffffu, const char* file = __builtin_FILE(),
                       int line = __builtin_LINE()) {
  ::scanlab::cpu::detail::warp_collective(::scanlab::cpu::detail::warp_op::sync, mask, 0, 0, 32, file, line);
}

inline void __trap(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::scanlab::cpu::detail::trap(file, line);
}

// ---- leaving a kernel -------------------------------------------------------------------------
namespace scanlab::cpu::detail {
// The rewriter turns every `return` of a kernel's own body (not of a lambda or local class in it)
// into `return note_kernel_return(), ...`, so that a divergent-barrier report can say which
// `return` the threads that left took (a compiler's exit hook merges them into one exit).
inline void note_kernel_return(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  tls.return_file = file;
  tls.return_line = line;
}
}  // namespace scanlab::cpu::detail

// ---- memory ordering -------------------------------------------------------------------------
// x86 is TSO, so a missing fence never shows on the CPU backend; the harness says so in reports.
#ifdef SCANLAB_THREAD_INSTRUMENTED
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
namespace scanlab::cpu::detail {
// A pause in a loop marks a spin wait: let the threads and blocks it waits for run (spin_waits.h).
void note_spin_pause();
}  // namespace scanlab::cpu::detail
inline void __nanosleep(unsigned int) { scanlab::cpu::detail::note_spin_pause(); }
long long clock64();
inline long clock_device() { return static_cast<long>(clock64()); }

// ---- generated from the toolkit: CUDA's overload sets ------------------------------------------
#include "scanlab/cpu/generated/device_atomics.h"
#include "scanlab/cpu/generated/device_warp.h"
#include "scanlab/cpu/generated/device_memory.h"
