#include "watchdog.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

#include "block_scheduler.h"
#include "fault_handler.h"
#include "resident_blocks.h"
#include "sanitizer.h"

namespace scanlab::cpu::detail {

namespace {

// The one launch being watched (blocks run on the launching OS thread).
std::atomic<launch_state*> watched{nullptr};
std::atomic<block_scheduler*> watched_scheduler{nullptr};
pthread_t watched_thread;
std::atomic<std::uint64_t> launch_generation{0};

// Prepared by the watchdog thread, consumed by the signal handler: the handler must not allocate.
std::string pending_hang_message;
std::atomic<bool> hang_pending{false};

constexpr int hang_signal = SIGUSR2;

void on_hang_signal(int) {
  // A thread waiting for its turn among resident blocks is not in a fiber's code: it takes the
  // report when its turn comes (take_pending_hang).
  if (waiting_for_turn_here()) return;
  if (!hang_pending.exchange(false)) return;
  block_scheduler* s = watched_scheduler.load();
  if (s == nullptr || !s->running() || tls.thread == nullptr) return;
  // Leave the spinning fiber for the scheduler: the launch ends with cudaErrorLaunchTimeout.
  s->fail(problem::hang, std::move(pending_hang_message));
}

std::string hang_report(const launch_state& state, block_scheduler& scheduler, double seconds) {
  std::string m = "hang: " + describe_launch(state) + " made no progress for " +
                  std::to_string(static_cast<int>(seconds * 10 + 0.5) / 10.0).substr(0, 4) + " s and was ended.\n";
  m += "  blocks finished: " + std::to_string(state.blocks_done.load()) + " of " + std::to_string(state.blocks_total) +
       " (dispatched one at a time, order: " + order_name(state.block_order) + ")\n";
  m += "  running block " + describe_index(state.current_block) + ":\n";
  m += scheduler.describe_waiting();
  m += describe_resident_blocks();
  m += "A thread that waits for something only another block can provide (a flag, a counter) hangs when that "
       "block has not started: blocks are not guaranteed to run concurrently or in index order. Take the block's "
       "position from an atomic ticket instead of blockIdx.x, or check the loop's exit condition.";
  return m;
}

void watchdog_loop() {
  using clock = std::chrono::steady_clock;
  std::uint64_t seen_generation = 0, seen_phases = 0, seen_blocks = 0;
  auto last_progress = clock::now();
  bool signalled = false;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    launch_state* state = watched.load();
    block_scheduler* scheduler = watched_scheduler.load();
    const std::uint64_t generation = launch_generation.load();
    if (state == nullptr || scheduler == nullptr) {
      last_progress = clock::now();
      signalled = false;
      continue;
    }
    // Progress: a new launch, a finished block, or a released barrier. Not fiber switches: a
    // look-back spinning in __any_sync on a word no running block will write switches forever.
    // (A block that works longer than the limit without a barrier is reported too; the limit is
    // SCANLAB_WATCHDOG_SECONDS.)
    const std::uint64_t phases = resident_progress();
    const std::uint64_t blocks = state->blocks_done.load(std::memory_order_relaxed);
    if (generation != seen_generation || phases != seen_phases || blocks != seen_blocks) {
      seen_generation = generation;
      seen_phases = phases;
      seen_blocks = blocks;
      last_progress = clock::now();
      signalled = false;
      continue;
    }
    const double limit = watchdog_seconds();
    const double idle = std::chrono::duration<double>(clock::now() - last_progress).count();
    if (!signalled && idle >= limit) {
      pending_hang_message = hang_report(*state, *scheduler, idle);
      hang_pending.store(true);
      signalled = true;
      pthread_kill(watched_thread, hang_signal);
    } else if (signalled && idle >= limit + 3.0) {
      // The stuck code never returned to us (not in a kernel fiber?): give up on the process.
      std::string m = "scanlab-cpu: " + hang_report(*state, *scheduler, idle) + "\n";
      ssize_t ignored = write(2, m.data(), m.size());
      (void)ignored;
      _exit(124);
    }
  }
}

// ---- crash reports ---------------------------------------------------------------------------
char crash_buffer[2048];

// "(x,y,z)" when the index lies inside its extent, else a word saying it cannot be trusted: a write
// out of bounds of a __shared__ or local array can overwrite the running thread's record, and a
// report naming thread (1962890935,...) helps no one.
void format_index(char* out, std::size_t size, const dim3& index, const dim3& extent) {
  if (index.x < extent.x && index.y < extent.y && index.z < extent.z)
    std::snprintf(out, size, "(%u,%u,%u)", index.x, index.y, index.z);
  else
    std::snprintf(out, size, "unknown (its record was overwritten: an out-of-bounds write?)");
}

}  // namespace

void write_kernel_crash_report(int sig, siginfo_t* info) {
  launch_state* state = watched.load();
  const char* what = sig == SIGSEGV ? "segmentation fault" : sig == SIGBUS ? "bus error" : sig == SIGFPE ? "arithmetic exception" : "fatal signal";
  if (state != nullptr && state->site != nullptr) {
    char block[96], thread[96];
    format_index(block, sizeof block, blockIdx, gridDim);
    format_index(thread, sizeof thread, threadIdx, blockDim);
    int n = std::snprintf(crash_buffer, sizeof crash_buffer,
                          "scanlab-cpu: crash (%s, address %p) in kernel `%s` launched at %s:%d, "
                          "block %s, thread %s.\n"
                          "On a GPU this is an illegal memory access (cudaErrorIllegalAddress): most likely an index "
                          "out of bounds, or a host pointer used in the kernel. Build the sanitizer variant "
                          "(BACKEND=cpu-asan) to see the exact line.\n",
                          what, info ? info->si_addr : nullptr, state->site->kernel, state->site->file,
                          state->site->line, block, thread);
    if (n > 0) {
      ssize_t ignored = write(2, crash_buffer, static_cast<std::size_t>(std::min<int>(n, sizeof crash_buffer - 1)));
      (void)ignored;
    }
  }
}

namespace {

#ifdef SCANLAB_ASAN
void on_asan_death() {
  launch_state* state = watched.load();
  if (state == nullptr || state->site == nullptr) return;
  std::fprintf(stderr,
               "scanlab-cpu: the access above happened in kernel `%s` launched at %s:%d, block (%u,%u,%u), "
               "thread (%u,%u,%u).\n",
               state->site->kernel, state->site->file, state->site->line, blockIdx.x, blockIdx.y,
               blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);
}
#endif

void install_handlers() {
  struct sigaction hang {};
  hang.sa_handler = on_hang_signal;
  hang.sa_flags = SA_NODEFER;  // we leave the handler by a context switch, never by returning
  sigemptyset(&hang.sa_mask);
  sigaction(hang_signal, &hang, nullptr);
#ifdef SCANLAB_ASAN
  __asan_set_death_callback(on_asan_death);
#endif
  install_fault_handler();  // crashes in kernels are named (fault_handler.cpp)
}

}  // namespace

void watchdog_launch_started(launch_state& state) {
  static std::once_flag started;
  std::call_once(started, [] {
    install_handlers();
    std::thread(watchdog_loop).detach();
  });
  watched_thread = pthread_self();
  watched_scheduler.store(&this_scheduler());
  launch_generation.fetch_add(1);
  watched.store(&state);
}

void watchdog_running_here() {
  watched_thread = pthread_self();
  watched_scheduler.store(&this_scheduler());
}

bool take_pending_hang(std::string& message) {
  if (!hang_pending.exchange(false)) return false;
  message = std::move(pending_hang_message);
  return true;
}

void watchdog_launch_finished() {
  hang_pending.store(false);
  watched.store(nullptr);
}

}  // namespace scanlab::cpu::detail
