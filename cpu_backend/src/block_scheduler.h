// Runs one thread block: a fiber per CUDA thread, switched directly from thread to thread at
// barriers and warp collectives (no trip through a central scheduler: half the switches).
// Also the place where divergent barriers, broken warp collectives and deadlocks are detected,
// because only the scheduler knows where every thread of the block is waiting.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "builtin_variables.h"
#include "fiber.h"
#include "scanlab/cpu/control.h"
#include "scanlab/cpu/device_api.h"
#include "scanlab/cpu/launch.h"

namespace scanlab::cpu::detail {

enum class thread_status : std::uint8_t { ready, running, at_barrier, at_warp, exited };

// The hot state of one CUDA thread, one cache line: a barrier round touches this and the top of
// the fiber's stack for each of up to 1024 threads, so every byte here costs.
struct alignas(64) cuda_thread {
  context_slot slot;
  uint3 idx{};
  unsigned linear = 0;
  thread_status status = thread_status::ready;
  barrier_kind barrier = barrier_kind::plain;  // which barrier it waits at
  bool needs_fresh_context = true;             // after an aborted block its stack holds dead frames
  unsigned stack = 0;                          // the fiber stack its slot resumes on (thread_exited)
  int wait_line = 0;                           // where it waits, for reports
  const char* wait_file = nullptr;
  unsigned exit_phase = 0;                     // the block phase it exited in (reports: "after which barrier")
  unsigned spin_reads = 0;                     // waiting reads since it last changed memory (spin_waits.h)
  bool waited_in_phase = false;                // it has begun to wait on memory since its last barrier
  bool stored_volatile = false;                // a volatile store since its last volatile access (warp_lockstep.h)
};

// A lane's part in a warp collective: cold (only warp intrinsics touch it), so kept apart.
struct warp_lane {
  warp_op op = warp_op::sync;
  unsigned mask = 0;
  std::uint64_t value = 0;
  int arg = 0;
  int width = 32;
  std::uint64_t result = 0;
};

// A warp collective some lanes have reached and others not yet.
struct warp_group {
  unsigned mask = 0;
  unsigned arrived = 0;
  warp_op op = warp_op::sync;
  const char* file = nullptr;
  int line = 0;
  unsigned sync_token = 0;  // cpu-tsan: which happens-before object this collective's lanes share
};

struct block_outcome {
  problem kind = problem::none;
  std::string message;
};

class block_scheduler {
 public:
  static constexpr unsigned max_threads = 1024;
  // small_stacks: fiber stacks without huge pages, for the workers that run blocks resident beside
  // the launching thread's (resident_blocks.h): hundreds of them may exist at once.
  explicit block_scheduler(bool small_stacks = false);

  // Runs every thread of one block to completion (or to the first detected problem).
  block_outcome run(const kernel_call& call, dim3 block_dim, uint3 block_idx, order thread_order,
                    std::uint64_t seed);

  // Called from device code on the running fiber.
  [[gnu::always_inline]] inline int barrier(barrier_kind kind, int predicate, const char* file, int line);
  std::uint64_t warp(warp_op op, unsigned mask, std::uint64_t value, int arg, int width, const char* file,
                     int line);
  // __activemask(): the lanes of the caller's warp that reach this call together (see the .cpp).
  unsigned active_mask(const char* file, int line);
  // An arrive/wait barrier's waiter steps aside: the calling thread goes to the back of the
  // runnable threads. False if it was the only runnable one (nothing else can change anything).
  bool yield();
  // Whether another thread of the block could run now (not waiting at a barrier or collective).
  bool others_ready() const { return phase_next_ < phase_end_ || ready_count_ > 0; }
  // How many other threads of the block could run now.
  unsigned ready_threads() const { return phase_end_ - phase_next_ + ready_count_; }
  // True for the address of a local variable of one of the block's threads.
  bool on_fiber_stack(const void* address) const { return stacks_->contains(address); }
  // Whether another lane of t's warp could run now and has read volatile or atomic memory since its
  // last barrier: a warp going through warp-synchronous code together (warp_lockstep.h).
  bool warp_mate_waiting(const cuda_thread& t) const {
    const unsigned first = t.linear / 32 * 32, end = first + 32 < count_ ? first + 32 : count_;
    for (unsigned i = first; i < end; ++i)
      if (i != t.linear && threads_[i].status == thread_status::ready && threads_[i].waited_in_phase) return true;
    return false;
  }
  // Progress for the watchdog: a phase begun, or a wait on an arrive/wait barrier that had to yield
  // and ended.
  void note_progress() { phases_.store(phases_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  // Bulk-copy transactions by barrier address (see runtime_hooks.h); cleared at block start.
  struct transactions {
    std::ptrdiff_t bytes = 0;       // expected and not yet landed (negative: landed before expected)
    std::ptrdiff_t held_back = 0;   // arrivals waiting for the bytes
  };
  transactions& transactions_of(const void* barrier);
  [[noreturn]] void fail(problem kind, std::string message);
  // After a launch's blocks: a report if one of its threads overflowed its fiber stack, else "".
  std::string check_stacks();

  // For the watchdog (read from another OS thread while the block is stuck: approximate).
  std::string describe_waiting() const;
  bool running() const { return running_; }
  // The block's barrier interval: 1 until its first barrier releases, then one more per release.
  unsigned phase() const { return block_phase_; }
  std::uint64_t switches() const { return switches_.load(std::memory_order_relaxed); }
  // Phases begun: one at block start and one per released barrier. The watchdog's measure of
  // progress: fiber switches are not, since a warp spinning in __any_sync switches forever.
  std::uint64_t phases() const { return phases_.load(std::memory_order_relaxed); }

 private:
  static void fiber_entry(ctx::transfer_t incoming);
  void prepare_threads(unsigned count, dim3 block_dim);
  void start_phase();
  [[gnu::always_inline]] inline cuda_thread* pop_ready();
  [[gnu::always_inline]] inline void prefetch_upcoming();
  void push_ready(cuda_thread* t);
  [[gnu::always_inline]] inline void switch_away(cuda_thread* self);
  cuda_thread* release_or_diagnose();
  std::string divergent_barrier_message() const;
  void thread_exited(cuda_thread* self);
  [[gnu::always_inline]] inline void enter(cuda_thread* t);
  void complete_group(warp_group& group, unsigned warp_index);
  std::string where(const cuda_thread& t) const;
  std::string kernel_description() const;

  // Fibers are made once per OS thread and reused by every block of every launch (making them
  // per block costs 8x, ANCHORS.md); contiguous so a barrier walks memory in order.
  std::unique_ptr<cuda_thread[]> threads_;
  std::unique_ptr<warp_lane[]> lanes_;
  // The main scheduler's region holds max_threads stacks; a small-stacks worker's as many as its
  // largest block so far (hundreds of workers: address space counts, RLIMIT_AS in the grader).
  std::unique_ptr<stack_region> stacks_;
  // Runnable threads come from two sources. The phase sequence: every thread, in the schedule's
  // order, at block start and after each barrier (no per-thread writes to release a barrier).
  // And a FIFO of threads that warp collectives released. A thread is in at most one of them.
  const unsigned* phase_order_ = nullptr;
  unsigned phase_next_ = 0, phase_end_ = 0;
  std::vector<unsigned> forward_order_, reverse_order_, random_order_;
  std::vector<unsigned> ready_;  // ring buffer of thread numbers
  unsigned ready_head_ = 0, ready_count_ = 0;
  // The barrier being gathered: checked on arrival, so a release needs no pass over the threads.
  const char* barrier_file_ = nullptr;
  int barrier_line_ = 0;
  barrier_kind barrier_kind_ = barrier_kind::plain;
  bool barrier_mismatch_ = false;
  unsigned barrier_true_ = 0;  // threads whose predicate was non-zero
  int barrier_result_ = 0;     // read by each thread as it resumes, before any later barrier
  dim3 prepared_dim_{0, 0, 0};
  std::vector<std::vector<warp_group>> warps_;
  // __activemask() calls waiting for their warp to run out of runnable lanes, per warp; `mask` of a
  // group is unused, `arrived` the lanes waiting in it.
  std::vector<std::vector<warp_group>> activemask_waits_;
  unsigned activemask_waiting_ = 0;  // lanes waiting in __activemask(): the hot paths test only this
  void settle_activemask(unsigned warp_index);
  context_slot scheduler_slot_;
  const kernel_call* call_ = nullptr;
  unsigned count_ = 0;
  unsigned exited_ = 0;
  unsigned block_phase_ = 0;                   // 1 until the block's first barrier releases
  // The barrier that began each phase after the first (phase_sites_[p - 2] began phase p), for
  // saying after which barrier a thread exited. Written once per barrier release.
  std::vector<std::pair<const char*, int>> phase_sites_;
  // The `return` each exited thread took ({nullptr, 0}: it ran off the kernel's end), by thread
  // number; written as a thread exits, read only for exited threads, so never reset. Cold: apart
  // from cuda_thread, whose one cache line a barrier round touches.
  std::unique_ptr<std::pair<const char*, int>[]> exit_sites_;
  unsigned at_barrier_ = 0;
  order order_ = order::forward;
  std::uint64_t rng_state_ = 0;
  bool running_ = false;
  bool interleave_ = false;  // hand over to other resident blocks at each barrier (resident_blocks.h)
  std::atomic<std::uint64_t> switches_{0};  // read by the watchdog thread
  std::atomic<std::uint64_t> phases_{0};    // likewise
  block_outcome outcome_;
  std::vector<std::pair<const void*, transactions>> transactions_;  // few barriers per block: a list
  // cpu-tsan only (the addresses serve as ThreadSanitizer sync objects; never read or written):
  // block start and end, the barrier being gathered (two alternate, so a thread that has already
  // passed barrier k and reaches barrier k+1 cannot lend its later writes to a thread that is still
  // resuming from k), and one object per warp collective, drawn from a ring.
  char block_start_sync_ = 0, block_end_sync_ = 0;
  char barrier_sync_[2] = {};
  unsigned barrier_generation_ = 0;
  static constexpr unsigned warp_sync_ring = 1u << 16;
  std::unique_ptr<char[]> warp_sync_;
  unsigned next_warp_token_ = 0;
};

// The scheduler of the calling OS thread.
block_scheduler& this_scheduler();
// Before this OS thread's first this_scheduler(): its fibers get small pages (resident_blocks.cpp).
void use_small_fiber_stacks();

}  // namespace scanlab::cpu::detail
