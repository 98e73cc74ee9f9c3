// The scheduler's entry points that device code calls (implemented in src/block_scheduler.cpp):
// barriers and warp collectives are scheduling points, the calling fiber waits for its partners.
#pragma once

#include <cstddef>
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

// Arrive/wait barriers (cuda::barrier<cuda::thread_scope_block>, scanlab/cpu/arrive_wait_barrier.h): a
// waiter lets the block's other threads run until its phase completes. Returns false when no
// other thread could run, so nothing can ever complete the phase (a deadlock).
bool yield_to_block();
// A wait that had to yield ended: progress, for the watchdog (no __syncthreads marks it).
void note_arrive_wait_progress();
[[noreturn]] void arrive_wait_deadlock(const char* what);
// The access checks order accesses by __syncthreads and warp collectives only, so a launch that
// synchronises through arrive/wait barriers is not checked from its first wait on.
void stop_access_checks_for_launch();
// Bulk copies' transaction counts (cuda::device::barrier_expect_tx, barrier_arrive_tx,
// memcpy_async_tx), by barrier: bytes expected but not landed, and arrivals held back until they
// land. Copies complete at once on the CPU backend, so an arrival made while bytes are still
// expected (arrive_tx before its copy, as TMA code often does) must wait for the copy.
void expect_transaction_bytes(const void* barrier, std::ptrdiff_t bytes);
// An arrival of `count`: true if it may happen now, false if it is held back until the bytes land.
bool arrival_goes_ahead(const void* barrier, std::ptrdiff_t count);
// Bytes landed: the arrivals this releases (0 if the barrier still expects bytes).
std::ptrdiff_t transaction_bytes_landed(const void* barrier, std::ptrdiff_t bytes);

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
