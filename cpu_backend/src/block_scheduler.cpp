#include "block_scheduler.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <utility>

#include "access_checks.h"
#include "error_state.h"
#include "launch_state.h"
#include "resident_blocks.h"
#include "sanitizer.h"

namespace scanlab::cpu::detail {

thread_local constinit execution_context tls;

namespace {
thread_local bool small_fiber_stacks = false;
}

void use_small_fiber_stacks() { small_fiber_stacks = true; }

block_scheduler& this_scheduler() {
  // A plain thread_local pointer: no TLS guard on the hot path (barriers call this).
  static thread_local block_scheduler* scheduler = nullptr;
  if (scheduler == nullptr)  // lives as long as its OS thread's work
    scheduler = new block_scheduler(small_fiber_stacks);
  return *scheduler;
}

block_scheduler::block_scheduler(bool small_stacks)
    : threads_(new cuda_thread[max_threads]),
      lanes_(new warp_lane[max_threads]),
      exit_sites_(new std::pair<const char*, int>[max_threads]),
      stacks_(std::make_unique<stack_region>(small_stacks ? 32 : max_threads, default_fiber_stack_bytes(),
                                             !small_stacks)),
      warp_sync_(new char[warp_sync_ring]) {
  ready_.resize(max_threads);
}

namespace {

constexpr unsigned prefetch_distance = 3;

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool same_site(const char* file_a, int line_a, const char* file_b, int line_b) {
  if (line_a != line_b) return false;
  if (file_a == file_b) return true;
  return file_a != nullptr && file_b != nullptr && std::strcmp(file_a, file_b) == 0;
}

const char* barrier_name(barrier_kind k) {
  switch (k) {
    case barrier_kind::plain: return "__syncthreads()";
    case barrier_kind::count: return "__syncthreads_count()";
    case barrier_kind::all: return "__syncthreads_and()";
    case barrier_kind::any: return "__syncthreads_or()";
  }
  return "__syncthreads()";
}

const char* warp_op_name(warp_op op) {
  switch (op) {
    case warp_op::sync: return "__syncwarp";
    case warp_op::shfl_idx: return "__shfl_sync";
    case warp_op::shfl_up: return "__shfl_up_sync";
    case warp_op::shfl_down: return "__shfl_down_sync";
    case warp_op::shfl_xor: return "__shfl_xor_sync";
    case warp_op::ballot: return "__ballot_sync";
    case warp_op::any: return "__any_sync";
    case warp_op::all: return "__all_sync";
  }
  return "warp collective";
}

std::string short_file(const char* file) { return file ? file : "?"; }

std::string hex_mask(unsigned mask) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", mask);
  return buf;
}

// "lanes 0-15, 20" style list of the set bits of a mask.
std::string lane_list(unsigned mask) {
  std::string out;
  for (int lane = 0; lane < 32;) {
    if (!((mask >> lane) & 1u)) { ++lane; continue; }
    int end = lane;
    while (end + 1 < 32 && ((mask >> (end + 1)) & 1u)) ++end;
    if (!out.empty()) out += ", ";
    out += std::to_string(lane);
    if (end > lane) out += "-" + std::to_string(end);
    lane = end + 1;
  }
  return out;
}

// "0-99, 120" style list of ascending thread numbers (linear indices), at most 6 runs shown.
std::string thread_list(const std::vector<unsigned>& threads) {
  std::string out;
  int runs = 0;
  for (std::size_t k = 0; k < threads.size();) {
    std::size_t end = k;
    while (end + 1 < threads.size() && threads[end + 1] == threads[end] + 1) ++end;
    if (++runs > 6) return out + ", ...";
    if (!out.empty()) out += ", ";
    out += std::to_string(threads[k]);
    if (end > k) out += "-" + std::to_string(threads[end]);
    k = end + 1;
  }
  return out;
}

// The poison that uninitialised shared memory holds: a quiet NaN with a recognisable payload.
constexpr std::uint64_t inactive_lane_value = 0x7fc0dead7fc0deadull;

}  // namespace

#ifdef SCANLAB_TSAN
namespace {
// Newer ThreadSanitizer runtimes follow a fixed number of threads at once; past it, fibers share
// its bookkeeping and races between them go unreported (GCC 14's runtime: a lost update on a
// shared variable was reported with 255 threads in the block, never with 256; GCC 12's reported it
// with 1024). Say so once, rather than report no race.
void warn_if_too_many_fibers_for_tsan(unsigned count) {
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 13)
  static bool warned = false;
  if (count < 256 || warned) return;
  warned = true;
  std::fprintf(stderr,
               "scanlab-cpu: this ThreadSanitizer build follows at most 255 CUDA threads at once, and a block here "
               "has %u: races between its threads may go unreported. The default build's access checks "
               "(make labN) have no such limit.\n",
               count);
#else
  (void)count;
#endif
}
}  // namespace
#endif

void block_scheduler::prepare_threads(unsigned count, dim3 block_dim) {
#ifdef SCANLAB_TSAN
  warn_if_too_many_fibers_for_tsan(count);
#endif
  const bool same_shape = prepared_dim_.x == block_dim.x && prepared_dim_.y == block_dim.y &&
                          prepared_dim_.z == block_dim.z;
  if (!same_shape) {
    forward_order_.resize(count);
    reverse_order_.resize(count);
    for (unsigned i = 0; i < count; ++i) {
      forward_order_[i] = i;
      reverse_order_[i] = count - 1 - i;
    }
    random_order_.resize(count);
    prepared_dim_ = block_dim;
  }
  warps_.resize((count + 31) / 32);
  for (auto& pending : warps_) pending.clear();  // keeps capacity: no allocation per block
  activemask_waits_.resize((count + 31) / 32);
  for (auto& pending : activemask_waits_) pending.clear();
  activemask_waiting_ = 0;
  if (stacks_->count() < count) {  // a small-stacks worker meets a larger block: no fiber is live now
    stacks_ = std::make_unique<stack_region>(count, default_fiber_stack_bytes(), false);
    for (unsigned i = 0; i < max_threads; ++i) threads_[i].needs_fresh_context = true;
  }
  for (unsigned i = 0; i < count; ++i) {
    cuda_thread& t = threads_[i];
    if (!same_shape) {
      t.linear = i;
      t.idx = {i % block_dim.x, (i / block_dim.x) % block_dim.y, i / (block_dim.x * block_dim.y)};
    }
    t.status = thread_status::ready;
    t.spin_reads = 0;
    t.waited_in_phase = false;
    t.stored_volatile = false;
    if (t.needs_fresh_context) {
      make_context(t.slot, *stacks_, i, &block_scheduler::fiber_entry);
      t.stack = i;
      t.needs_fresh_context = false;
    }
#ifdef SCANLAB_TSAN
    // ThreadSanitizer's reports name the fibers involved: make that the CUDA thread and block.
    char name[64];
    std::snprintf(name, sizeof name, "CUDA thread (%u,%u,%u) of block (%u,%u,%u)", t.idx.x, t.idx.y, t.idx.z,
                  blockIdx.x, blockIdx.y, blockIdx.z);
    __tsan_set_fiber_name(t.slot.tsan_fiber, name);
#endif
  }
}

void block_scheduler::push_ready(cuda_thread* t) {
  t->status = thread_status::ready;
  unsigned slot = ready_head_ + ready_count_;
  if (slot >= count_) slot -= count_;
  ready_[slot] = t->linear;
  ++ready_count_;
}

cuda_thread* block_scheduler::pop_ready() {
  if (phase_next_ < phase_end_) return &threads_[phase_order_[phase_next_++]];
  if (ready_count_ == 0) return nullptr;
  unsigned i = ready_[ready_head_];
  if (++ready_head_ == count_) ready_head_ = 0;
  --ready_count_;
  return &threads_[i];
}

// Every thread of the block becomes runnable in the schedule's order (at block start, and when a
// barrier releases: then no thread has exited, or the barrier would have been divergent).
void block_scheduler::start_phase() {
  switch (order_) {
    case order::forward: phase_order_ = forward_order_.data(); break;
    case order::reverse: phase_order_ = reverse_order_.data(); break;
    case order::random:
      std::copy(forward_order_.begin(), forward_order_.end(), random_order_.begin());
      for (unsigned i = count_; i > 1; --i) {
        unsigned j = static_cast<unsigned>(splitmix64(rng_state_) % i);
        std::swap(random_order_[i - 1], random_order_[j]);
      }
      phase_order_ = random_order_.data();
      break;
  }
  phase_next_ = 0;
  phase_end_ = count_;
  ++block_phase_;
  if (interleave_ && block_phase_ > 1) interleave_point();
  note_progress();
  ++barrier_generation_;
  at_barrier_ = 0;
  barrier_file_ = nullptr;
  barrier_mismatch_ = false;
  barrier_true_ = 0;
}

// A fiber resumed soon: fetch its saved registers and the frames it will return through now, so
// its switch does not wait on L2 (the dominant cost of a switch, by perf).
// Two stages: the thread record further ahead (it holds the saved stack pointer), then the stack
// lines of a nearer one, whose record is by then in cache.
void block_scheduler::prefetch_upcoming() {
  if (phase_next_ + 2 * prefetch_distance < phase_end_)
    __builtin_prefetch(&threads_[phase_order_[phase_next_ + 2 * prefetch_distance]]);
  const unsigned ahead = phase_next_ + prefetch_distance;
  if (ahead >= phase_end_) return;
  const cuda_thread& soon = threads_[phase_order_[ahead]];
  const char* saved = static_cast<const char*>(soon.slot.context);
  __builtin_prefetch(saved);
  __builtin_prefetch(saved + 64);
  __builtin_prefetch(saved + 128);
  __builtin_prefetch(saved + 192);
}

void block_scheduler::enter(cuda_thread* t) {
  t->status = thread_status::running;
  tls.thread = t;
  writable_thread_idx = t->idx;
  tls.linear_thread = t->linear;
  // Load + store, not an atomic increment: only this thread writes, and a locked add costs as much
  // as the switch itself.
  switches_.store(switches_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

block_outcome block_scheduler::run(const kernel_call& call, dim3 block_dim, uint3 block_idx, order thread_order,
                                   std::uint64_t seed) {
  count_ = block_dim.x * block_dim.y * block_dim.z;
  call_ = &call;
  order_ = thread_order;
  rng_state_ = seed;
  exited_ = 0;
  block_phase_ = 0;
  phase_sites_.clear();
  outcome_ = {};
  ready_head_ = ready_count_ = 0;
  transactions_.clear();
  writable_block_idx = block_idx;
  writable_block_dim = block_dim;
  interleave_ = scanlab::cpu::interleave_blocks();
  prepare_threads(count_, block_dim);
  start_phase();
  running_ = true;
  cuda_thread* first = pop_ready();
  enter(first);
  // Everything the host (and earlier blocks) did happens before this block's threads start.
  happens_before_release(&block_start_sync_);
  switch_context(scheduler_slot_, first->slot);
  // Back here when the last thread exited, or a detector aborted the block.
  happens_before_acquire(&block_end_sync_);
  running_ = false;
  tls.thread = nullptr;
  if (outcome_.kind != problem::none) {
    // Every fiber may hold frames of the aborted kernel: start them afresh. All of them, not only
    // this block's: thread_exited's hand-over lets a thread's fiber live on another thread's stack.
    for (unsigned i = 0; i < max_threads; ++i) threads_[i].needs_fresh_context = true;
  }
  return outcome_;
}

// After a launch's last block: the canary at the bottom of every stack its threads ran on (each
// thread's slot resumes on threads_[i].stack; thread_exited's hand-over moves them). Checked once
// per launch, not per block: the canaries are cold lines on pages of their own, and reading 1024
// of them per block cost a fifth of a barrier-heavy kernel's time. A broken canary stays broken,
// so no overflow goes unseen; it is only reported with its launch rather than its block.
std::string block_scheduler::check_stacks() {
  std::string message;
  for (unsigned i = 0; i < count_; ++i) {
    if (!stacks_->overflowed(threads_[i].stack)) continue;
    if (message.empty())
      message = "stack overflow in a thread: a fiber stack is " +
                std::to_string(stacks_->size() / 1024) + " KiB (a large local array or deep recursion?)";
    stacks_->rearm(threads_[i].stack);
  }
  if (!message.empty())
    for (unsigned i = 0; i < max_threads; ++i) threads_[i].needs_fresh_context = true;
  return message;
}

void block_scheduler::fiber_entry(ctx::transfer_t incoming) {
  finish_switch(incoming, nullptr);
  block_scheduler& self = this_scheduler();
  for (;;) {
    cuda_thread* me = tls.thread;
    happens_before_acquire(&self.block_start_sync_);
    self.call_->run(self.call_->closure);
    self.thread_exited(me);  // returns when this fiber is reused for a thread of a later block
  }
}

void block_scheduler::thread_exited(cuda_thread* self) {
  self->status = thread_status::exited;
  self->exit_phase = block_phase_;
  exit_sites_[self->linear] = {tls.return_file, tls.return_line};
  tls.return_file = nullptr;
  ++exited_;
  if (activemask_waiting_ != 0) settle_activemask(self->linear / 32);
  happens_before_release(&block_end_sync_);
#ifndef SCANLAB_TSAN
  // Hand-over: before the first barrier of the block, the next thread of the phase sequence has not
  // started yet, and every fiber that has not started a thread is alike (it reads tls.thread and
  // runs the kernel: fiber_entry). So the next thread starts right here, on this fiber, instead of
  // on its own: no switch, and its stack is the one already in cache. The two threads exchange their
  // saved contexts, so the parked fiber the next thread would have used becomes this thread's (it
  // starts this thread's index in a later block). The schedule is unchanged: pop_ready would pick
  // the same thread. A kernel without barriers then runs its block on one fiber. (Not under
  // cpu-tsan, where each CUDA thread must stay a ThreadSanitizer fiber of its own.)
  if (block_phase_ == 1 && phase_next_ < phase_end_ && outcome_.kind == problem::none) {
    cuda_thread* next = &threads_[phase_order_[phase_next_++]];
    std::swap(self->slot, next->slot);
    std::swap(self->stack, next->stack);
    enter(next);
    return;
  }
#endif
  switch_away(self);
}

void block_scheduler::switch_away(cuda_thread* self) {
  cuda_thread* next = pop_ready();
  prefetch_upcoming();
  if (next == nullptr) next = release_or_diagnose();
  if (next == self) {
    enter(self);
    return;
  }
  if (next == nullptr) {
    switch_context(self->slot, scheduler_slot_);  // block finished
    return;
  }
  enter(next);
  switch_context(self->slot, next->slot);
}

// Nothing is runnable: either the block is done, or every live thread waits at a barrier (release
// it), or the block is stuck (report why and abort).
cuda_thread* block_scheduler::release_or_diagnose() {
  const unsigned live = count_ - exited_;
  if (live == 0) return nullptr;
  if (at_barrier_ == live) {
    // All live threads wait at a barrier. CUDA requires every thread of the block to reach the
    // same __syncthreads; a GPU may still "work" when they do not, which is why this is checked
    // (each arrival compared itself with the first one, so the common case costs nothing here).
    if (exited_ > 0 || barrier_mismatch_) {
      // Undefined behaviour, which a GPU runs past: its barrier counts the threads that arrive at
      // any __syncthreads() and no longer waits for exited ones. By default that is a failure;
      // SCANLAB_DIVERGENT_BARRIERS=continue (the grader's correctness runs, so that a grade does not
      // depend on the backend) records the report and goes on as a GPU would.
      if (!continue_divergent_barriers()) fail(problem::divergent_barrier, divergent_barrier_message());
      note_problem(problem::divergent_barrier, divergent_barrier_message());
    }
    switch (barrier_kind_) {
      case barrier_kind::plain: barrier_result_ = 0; break;
      case barrier_kind::count: barrier_result_ = static_cast<int>(barrier_true_); break;
      case barrier_kind::any: barrier_result_ = barrier_true_ > 0; break;
      case barrier_kind::all: barrier_result_ = barrier_true_ == live; break;
    }
    access_checks_barrier_released(barrier_file_, barrier_line_);
    phase_sites_.emplace_back(barrier_file_, barrier_line_);
    start_phase();
    if (exited_ > 0) {
      // Only the live threads go on (in the phase's order): exited ones have no frame to resume.
      const unsigned* order = phase_order_;
      const unsigned end = phase_end_;
      phase_next_ = phase_end_ = 0;
      for (unsigned k = 0; k < end; ++k)
        if (threads_[order[k]].status == thread_status::at_barrier) push_ready(&threads_[order[k]]);
    }
    return pop_ready();
  }
  // Some live thread waits in a warp collective that cannot complete.
  std::ostringstream m;
  m << "deadlock in block " << describe_index(blockIdx) << " of " << kernel_description()
    << ": no thread can continue.\n"
    << describe_waiting();
  fail(problem::deadlock, m.str());
}

std::string block_scheduler::divergent_barrier_message() const {
  std::map<std::pair<std::string, int>, std::vector<unsigned>> sites;
  // Exited threads by the phase they exited in, then by the `return` they took.
  std::map<std::pair<unsigned, std::pair<std::string, int>>, std::vector<unsigned>> exited;
  barrier_kind kind = barrier_kind::plain;
  for (unsigned i = 0; i < count_; ++i) {
    const cuda_thread& t = threads_[i];
    if (t.status == thread_status::exited) {
      const auto& [file, line] = exit_sites_[t.linear];
      exited[{t.exit_phase, {file == nullptr ? std::string() : short_file(file), line}}].push_back(t.linear);
    }
    if (t.status != thread_status::at_barrier) continue;
    kind = t.barrier;
    sites[{short_file(t.wait_file), t.wait_line}].push_back(t.linear);
  }
  auto counted = [](const std::vector<unsigned>& v) {
    return std::to_string(v.size()) + (v.size() == 1 ? " thread (" : " threads (") + thread_list(v) + ")";
  };
  std::ostringstream m;
  m << "divergent barrier in block " << describe_index(blockIdx) << " of " << kernel_description() << ":\n";
  for (const auto& [site, threads] : sites)
    m << "  " << counted(threads) << " wait at " << barrier_name(kind) << " " << site.first << ":" << site.second
      << "\n";
  for (const auto& [when, threads] : exited) {
    const auto& [phase, exit] = when;
    m << "  " << counted(threads) << (threads.size() == 1 ? " has" : " have") << " already exited (";
    if (exit.first.empty())
      m << "ran to the end of the kernel";
    else
      m << "returned at " << exit.first << ":" << exit.second;
    if (phase >= 2 && phase - 2 < phase_sites_.size())
      m << " after the barrier at " << short_file(phase_sites_[phase - 2].first) << ":" << phase_sites_[phase - 2].second
        << ", before reaching this one)\n";
    else
      m << " before reaching any barrier)\n";
  }
  m << "Every thread of a block must reach the same __syncthreads(). A barrier inside a branch that not "
       "all threads take (for example `if (i < n)`), or after an early `return`, is undefined behaviour: "
       "on a GPU it may hang or appear to work.";
  return m.str();
}

std::string block_scheduler::describe_waiting() const {
  std::ostringstream m;
  std::map<std::string, unsigned> groups;  // "waits at X file:line" -> count
  unsigned ready = 0;
  const cuda_thread* running = nullptr;
  // Threads still queued in the current phase have not run since the last release: their
  // status field is stale (set lazily when they are entered).
  std::vector<bool> queued(count_, false);
  for (unsigned k = phase_next_; k < phase_end_ && phase_order_ != nullptr; ++k) queued[phase_order_[k]] = true;
  for (unsigned i = 0; i < count_; ++i) {
    const cuda_thread& t = threads_[i];
    if (queued[i]) {
      ++ready;
      continue;
    }
    switch (t.status) {
      case thread_status::at_barrier:
        ++groups["wait at " + std::string(barrier_name(t.barrier)) + " " + short_file(t.wait_file) + ":" +
                 std::to_string(t.wait_line)];
        break;
      case thread_status::at_warp:
        ++groups["wait at " + std::string(warp_op_name(lanes_[i].op)) + "(mask " + hex_mask(lanes_[i].mask) + ") " +
                 short_file(t.wait_file) + ":" + std::to_string(t.wait_line)];
        break;
      case thread_status::running: running = &t; break;
      case thread_status::ready: ++ready; break;
      case thread_status::exited: break;
    }
  }
  for (const auto& [what, n] : groups) m << "  " << n << " thread" << (n == 1 ? " " : "s ") << what << "\n";
  if (exited_ > 0) m << "  " << exited_ << " thread" << (exited_ == 1 ? " has" : "s have") << " exited\n";
  if (ready > 0) m << "  " << ready << " thread" << (ready == 1 ? " is" : "s are") << " ready to run\n";
  if (running != nullptr)
    m << "  thread " << describe_index(running->idx)
      << " is running (it never reached a barrier: a loop that does not end?)\n";
  // Name the warps whose collectives wait for lanes that will never come.
  for (std::size_t w = 0; w < warps_.size(); ++w)
    for (const warp_group& g : warps_[w]) {
      const unsigned missing = g.mask & ~g.arrived;
      if (missing == 0) continue;  // every lane is there: the collective was completing (a spin loop)
      m << "  warp " << w << ": lanes " << lane_list(g.arrived) << " wait at " << warp_op_name(g.op) << " "
        << short_file(g.file) << ":" << g.line << " for lanes " << lane_list(missing) << "\n";
    }
  return m.str();
}

int block_scheduler::barrier(barrier_kind kind, int predicate, const char* file, int line) {
  cuda_thread* self = tls.thread;
  self->status = thread_status::at_barrier;
  self->barrier = kind;
  self->wait_file = file;
  self->wait_line = line;
  if (at_barrier_++ == 0) {
    barrier_file_ = file;
    barrier_line_ = line;
    barrier_kind_ = kind;
  } else if (kind != barrier_kind_ || !same_site(file, line, barrier_file_, barrier_line_)) {
    barrier_mismatch_ = true;
  }
  barrier_true_ += predicate != 0;
  char* sync = &barrier_sync_[barrier_generation_ & 1];
  happens_before_release(sync);
  if (activemask_waiting_ != 0) settle_activemask(self->linear / 32);
  switch_away(self);
  happens_before_acquire(sync);
  self->waited_in_phase = false;
  return barrier_result_;
}

// On a GPU, __activemask() names the lanes executing the call together: every lane in converged
// code, the lanes of one branch in divergent code. Here lanes run one at a time, so the call waits
// until no lane of its warp can run any further (each has exited, waits at a barrier or collective,
// or waits in an __activemask() call); each waiting call then gets the lanes that wait at its own call
// site. That makes the answer independent of the thread order.
unsigned block_scheduler::active_mask(const char* file, int line) {
  cuda_thread* self = tls.thread;
  const unsigned warp_index = self->linear / 32;
  const unsigned lane = self->linear % 32;
  std::vector<warp_group>& waits = activemask_waits_[warp_index];
  warp_group* group = nullptr;
  for (warp_group& g : waits)
    if (same_site(g.file, g.line, file, line)) group = &g;
  if (group == nullptr) {
    waits.push_back({0, 0, warp_op::sync, file, line, 0});
    group = &waits.back();
  }
  group->arrived |= 1u << lane;
  ++activemask_waiting_;
  self->status = thread_status::at_warp;
  self->wait_file = file;
  self->wait_line = line;
  settle_activemask(warp_index);
  if (self->status == thread_status::at_warp) switch_away(self);
  return static_cast<unsigned>(lanes_[self->linear].result);
}

// Completes the warp's waiting __activemask() calls once none of its lanes can run.
void block_scheduler::settle_activemask(unsigned warp_index) {
  std::vector<warp_group>& waits = activemask_waits_[warp_index];
  if (waits.empty()) return;
  const unsigned base = warp_index * 32;
  for (unsigned lane = 0; lane < 32 && base + lane < count_; ++lane) {
    const thread_status st = threads_[base + lane].status;
    if (st == thread_status::ready || st == thread_status::running) return;
  }
  cuda_thread* self = tls.thread;
  for (const warp_group& g : waits) {
    activemask_waiting_ -= static_cast<unsigned>(__builtin_popcount(g.arrived));
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (!((g.arrived >> lane) & 1u)) continue;
      lanes_[base + lane].result = g.arrived;
      cuda_thread& t = threads_[base + lane];
      if (&t == self)
        t.status = thread_status::running;
      else
        push_ready(&t);
    }
  }
  waits.clear();
}

std::uint64_t block_scheduler::warp(warp_op op, unsigned mask, std::uint64_t value, int arg, int width,
                                    const char* file, int line) {
  cuda_thread* self = tls.thread;
  const unsigned warp_index = self->linear / 32;
  const unsigned lane = self->linear % 32;
  const unsigned lanes_in_warp = std::min(32u, count_ - warp_index * 32);
  const unsigned existing = lanes_in_warp == 32 ? ~0u : ((1u << lanes_in_warp) - 1);
  auto fail_here = [&](const std::string& what) {
    std::ostringstream m;
    m << what << "\n  at " << warp_op_name(op) << " " << short_file(file) << ":" << line << ", thread "
      << describe_index(self->idx) << " (warp " << warp_index << ", lane " << lane << ") of block "
      << describe_index(blockIdx) << " in " << kernel_description();
    fail(problem::warp_divergence, m.str());
  };
  if (!((mask >> lane) & 1u))
    fail_here("warp collective called with a mask (" + hex_mask(mask) + ") that does not include the calling lane");
  // A mask may name lanes past the end of a partial last warp (0xffffffff in a block of 48
  // threads): the GPU runs such a collective with the lanes that exist, and so do we. Reading a
  // value from a lane that does not exist gives the poison value, as from any absent lane.
  mask &= existing;
  if (op != warp_op::sync && op != warp_op::ballot && op != warp_op::any && op != warp_op::all &&
      (width <= 0 || width > 32 || (width & (width - 1)) != 0))
    fail_here("shuffle width " + std::to_string(width) + " is not a power of two between 1 and 32");

  std::vector<warp_group>& groups = warps_[warp_index];
  warp_group* group = nullptr;
  // Lanes may wait in collectives with overlapping masks at the same time (a tile of 8 lanes in
  // tile.all() while lane 7 already waits in a full-warp shuffle): each group completes when its own
  // lanes have arrived, as on a GPU. If they never can, no thread is runnable and the deadlock report
  // names the waiting lanes.
  for (warp_group& g : groups)
    if (g.mask == mask) group = &g;
  if (group == nullptr) {
    groups.push_back({mask, 0, op, file, line, next_warp_token_++ % warp_sync_ring});
    group = &groups.back();
  } else if (group->op != op) {
    fail_here(std::string("lanes of one warp are at different warp collectives: ") + warp_op_name(group->op) +
              " at " + short_file(group->file) + ":" + std::to_string(group->line) + " and " + warp_op_name(op) +
              " here");
  }
  warp_lane& me = lanes_[self->linear];
  me.op = op;
  me.mask = mask;
  me.value = value;
  me.arg = arg;
  me.width = width;
  self->wait_file = file;
  self->wait_line = line;
  group->arrived |= 1u << lane;
  // The lanes' accesses before the collective happen before their accesses after it.
  char* sync = &warp_sync_[group->sync_token];
  happens_before_release(sync);
  if (group->arrived == mask) {
    complete_group(*group, warp_index);
    groups.erase(groups.begin() + (group - groups.data()));
    happens_before_acquire(sync);
    return me.result;
  }
  self->status = thread_status::at_warp;
  if (activemask_waiting_ != 0) settle_activemask(warp_index);
  switch_away(self);
  happens_before_acquire(sync);
  return me.result;
}

void block_scheduler::complete_group(warp_group& group, unsigned warp_index) {
  access_checks_warp_synced(warp_index);
  const unsigned base = warp_index * 32;
  auto value_of = [&](unsigned lane) { return lanes_[base + lane].value; };
  std::uint64_t ballot = 0;
  for (unsigned lane = 0; lane < 32; ++lane)
    if (((group.mask >> lane) & 1u) && value_of(lane) != 0) ballot |= 1ull << lane;
  cuda_thread* self = tls.thread;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((group.mask >> lane) & 1u)) continue;
    cuda_thread& t = threads_[base + lane];
    warp_lane& l = lanes_[base + lane];
    const unsigned w = static_cast<unsigned>(l.width);
    const unsigned segment = lane & ~(w - 1);  // first lane of this lane's width-sized segment
    long source = -1;
    switch (group.op) {
      case warp_op::sync: l.result = 0; break;
      case warp_op::ballot: l.result = ballot; break;
      case warp_op::any: l.result = ballot != 0; break;
      case warp_op::all: l.result = (ballot == group.mask); break;
      case warp_op::shfl_idx:
        source = segment + (static_cast<unsigned>(l.arg) & (w - 1));
        break;
      case warp_op::shfl_up:
        source = (lane - segment) >= static_cast<unsigned>(l.arg) ? lane - l.arg : lane;
        break;
      case warp_op::shfl_down:
        source = (lane - segment) + static_cast<unsigned>(l.arg) < w ? lane + l.arg : lane;
        break;
      case warp_op::shfl_xor: {
        unsigned s = lane ^ static_cast<unsigned>(l.arg);
        source = s < segment + w ? s : lane;
        break;
      }
    }
    if (source >= 0) {
      // Reading a lane that did not take part is undefined in CUDA: hand back the poison value.
      l.result = ((group.mask >> source) & 1u) ? value_of(static_cast<unsigned>(source)) : inactive_lane_value;
    }
    if (&t != self) push_ready(&t);
  }
}

bool block_scheduler::yield() {
  cuda_thread* self = tls.thread;
  const std::uint64_t before = switches_.load(std::memory_order_relaxed);
  push_ready(self);
  switch_away(self);
  // switch_away entered this thread again: once if it came straight back, more if others ran.
  return switches_.load(std::memory_order_relaxed) - before > 1;
}

block_scheduler::transactions& block_scheduler::transactions_of(const void* barrier) {
  for (auto& [address, t] : transactions_)
    if (address == barrier) return t;
  return transactions_.emplace_back(barrier, transactions{}).second;
}

void block_scheduler::fail(problem kind, std::string message) {
  outcome_.kind = kind;
  outcome_.message = std::move(message);
  abandon_to(scheduler_slot_);
}

std::string block_scheduler::kernel_description() const { return describe_launch(current_launch()); }

}  // namespace scanlab::cpu::detail

// ---- entry points used by device code ---------------------------------------------------------
namespace scanlab::cpu::detail {

int block_barrier(barrier_kind kind, int predicate, const char* file, int line) {
  return this_scheduler().barrier(kind, predicate, file, line);
}

std::uint64_t warp_collective(warp_op op, unsigned mask, std::uint64_t value, int arg, int width, const char* file,
                              int line) {
  return this_scheduler().warp(op, mask, value, arg, width, file, line);
}

unsigned active_lanes_mask(const char* file, int line) { return this_scheduler().active_mask(file, line); }

bool yield_to_block() { return this_scheduler().yield(); }
void note_arrive_wait_progress() { this_scheduler().note_progress(); }

void arrive_wait_deadlock(const char* what) {
  std::ostringstream m;
  m << "deadlock in block " << describe_index(blockIdx) << " of " << describe_launch(current_launch()) << ": thread "
    << describe_index(threadIdx) << " waits on " << what
    << " whose phase cannot complete: no other thread of the block can run (each has exited, or waits at a "
       "barrier or warp collective). Count the arrivals (and the bytes of bulk copies) that init() asked for.\n"
    << this_scheduler().describe_waiting();
  this_scheduler().fail(problem::deadlock, m.str());
}

void expect_transaction_bytes(const void* barrier, std::ptrdiff_t bytes) {
  this_scheduler().transactions_of(barrier).bytes += bytes;
}

bool arrival_goes_ahead(const void* barrier, std::ptrdiff_t count) {
  block_scheduler::transactions& t = this_scheduler().transactions_of(barrier);
  if (t.bytes <= 0) return true;
  t.held_back += count;
  return false;
}

std::ptrdiff_t transaction_bytes_landed(const void* barrier, std::ptrdiff_t bytes) {
  block_scheduler::transactions& t = this_scheduler().transactions_of(barrier);
  t.bytes -= bytes;
  if (t.bytes > 0) return 0;
  return std::exchange(t.held_back, 0);
}

void trap(const char* file, int line) {
  std::ostringstream m;
  m << "__trap() called at " << short_file(file) << ":" << line << " by thread " << describe_index(threadIdx)
    << " of block " << describe_index(blockIdx) << " in " << describe_launch(current_launch());
  this_scheduler().fail(problem::trap, m.str());
}

}  // namespace scanlab::cpu::detail
