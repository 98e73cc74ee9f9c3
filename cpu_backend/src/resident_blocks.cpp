#include "resident_blocks.h"

#include <pthread.h>

#include <algorithm>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "access_checks.h"
#include "block_spin_rounds.h"
#include "builtin_variables.h"
#include "device_memory.h"
#include "device_printf.h"
#include "scanlab/cpu/runtime_api.h"
#include "schedule_config.h"
#include "seed_mix.h"
#include "shared_arena.h"
#include "source_lines.h"
#include "spin_waits.h"
#include "watchdog.h"

namespace scanlab::cpu::detail {

thread_local constinit std::uint64_t memory_changes = 0;
thread_local constinit watched_word last_waiting_read;

namespace {

class resident_launch;

// An OS thread that runs blocks: the launching thread, or a worker kept for later launches (its
// fibers and shared memory are made once).
struct runner {
  bool launcher = false;
  std::condition_variable wake;
  bool has_turn = false;               // it runs; every other runner of the launch waits
  resident_launch* job = nullptr;      // workers: the launch to join (null: idle)
  uint3 block{};                       // the block it runs
  block_scheduler* scheduler = nullptr;
  const void* spin_pc = nullptr;       // where it last spun
  watched_word watched;                // the word it spun on, and its value then
  std::uint64_t watched_value = 0;
  std::uint64_t progress_seen = ~0ull; // launch progress at its previous hand-over
  unsigned stalled = 0;                // hand-overs in a row with no progress anywhere
  bool aborted = false;                // its block was ended because the launch failed
  pthread_t thread{};
};

std::mutex pool_mutex;  // the workers, and every launch's turn-taking
// Never destroyed: at exit, idle workers still wait on their condition variables.
std::vector<std::unique_ptr<runner>>& workers() {
  static auto* all = new std::vector<std::unique_ptr<runner>>;
  return *all;
}

// While a launch runs on several OS threads, the one each thread belongs to.
thread_local resident_launch* current = nullptr;
thread_local runner* me = nullptr;
// True while this OS thread waits for its turn: the watchdog's signal must not end that wait.
thread_local bool waiting_for_turn = false;
resident_launch* watched_launch = nullptr;  // guarded by pool_mutex

// Hand-overs in a row, with no progress anywhere in between, after which every resident block is
// taken to wait for something none of them will do: each hand-over follows 4096 waiting reads of
// one thread, so 256 of them are about a million reads (a few milliseconds). Deliberately far more
// than a bounded wait needs: lab 8's reference polls a window 2000 times (32 lanes, a volatile read
// and a __nanosleep each) before it computes a missing predecessor itself, which must be let happen.
constexpr unsigned stalled_rounds_for_deadlock = 256;

class resident_launch {
 public:
  resident_launch(launch_state& state, const block_run_request& request) : state_(state), request_(request) {}

  block_outcome run(runner& launcher) {
    {
      std::lock_guard<std::mutex> lock(pool_mutex);
      launcher.has_turn = true;
      launcher.aborted = false;
      launcher.stalled = 0;
      launcher.progress_seen = ~0ull;
      launcher.scheduler = &this_scheduler();
      launcher.thread = pthread_self();
      active_.push_back(&launcher);
      watched_launch = this;
    }
    current = this;
    me = &launcher;
    run_blocks_here(launcher);
    std::unique_lock<std::mutex> lock(pool_mutex);
    leave(launcher);
    finished_.wait(lock, [&] { return active_.empty(); });
    watched_launch = nullptr;
    current = nullptr;
    me = nullptr;
    return failure_;
  }

  // A worker's part: its turn comes, it runs blocks until none is left, then it goes idle.
  void join(runner& r) {
    current = this;
    me = &r;
    block_scheduler* scheduler = &this_scheduler();
    writable_grid_dim = request_.grid;
    use_launch_state(&state_);
    {
      std::unique_lock<std::mutex> lock(pool_mutex);
      r.scheduler = scheduler;
      await_turn(r, lock);
    }
    run_blocks_here(r);
    {
      std::lock_guard<std::mutex> lock(pool_mutex);
      leave(r);
    }
    use_launch_state(nullptr);
    current = nullptr;
    me = nullptr;
  }

  // On the running fiber of `r`: it spins. Let another resident block run, or start one.
  // voluntary: not a spin but a barrier of an interleaved run (SCANLAB_INTERLEAVE_BLOCKS).
  void spun(runner& r, const void* pc, bool voluntary = false) {
    std::unique_lock<std::mutex> lock(pool_mutex);
    r.spin_pc = pc;
    r.watched = voluntary ? watched_word{} : last_waiting_read;
    r.watched_value = read_word(r.watched);
    if (failed_) end_aborted(r, lock);
    spin_changes_ += memory_changes;
    memory_changes = 0;
    const std::uint64_t progress = progress_locked(true);
    r.stalled = progress == r.progress_seen ? r.stalled + 1 : 0;
    r.progress_seen = progress;
    runner* next = nullptr;
    if (next_ < request_.sequence.size() && active_.size() < request_.resident_limit) {
      next = start_worker();
    } else {
      const bool all_stalled = std::all_of(active_.begin(), active_.end(), [](const runner* a) {
        return a->stalled >= stalled_rounds_for_deadlock;
      });
      if (all_stalled && waits_for_host()) {
        // Host code may still write what they wait for, as a GPU lets it: put the launch off.
        waits_for_host_ = true;
        failed_ = true;
        failure_ = {problem::hang, ""};
        lock.unlock();
        this_scheduler().fail(problem::hang, "");
      }
      if (all_stalled) {
        std::string report = deadlock_report();
        failed_ = true;
        // A hang, as on a GPU (where it would run until killed), found without waiting for the watchdog.
        failure_ = {problem::hang, std::move(report)};
        lock.unlock();
        this_scheduler().fail(problem::hang, failure_.message);
      }
      next = next_to_run(r);
      if (next == nullptr) return;  // alone, nothing to start: spin on (the watchdog ends a hang)
    }
    pass_turn(r, *next);
    await_turn(r, lock);
    if (failed_) end_aborted(r, lock);
  }

  // Blocks finished and started, barriers released; with memory changes for the deadlock check
  // (the watchdog leaves them out: a block that spins on atomicAdd(&count, 1) forever hangs).
  std::uint64_t progress_locked(bool with_changes) const {
    std::uint64_t p = state_.blocks_done.load(std::memory_order_relaxed) + next_;
    for (const runner* a : active_)
      if (a->scheduler != nullptr) p += a->scheduler->phases();  // null: a worker not yet begun
    return with_changes ? p + spin_changes_ : p;
  }

  std::string describe() const {
    if (active_.size() < 2) return "";
    std::ostringstream m;
    m << "  " << active_.size() << " blocks resident together (a GPU would hold " << request_.resident_limit
      << " of this launch at once)\n";
    return m.str();
  }

  void count_changes(std::uint64_t c) { spin_changes_ += c; }

  bool waited_for_host() const { return waits_for_host_; }

 private:
  void run_blocks_here(runner& r) {
    block_scheduler& scheduler = this_scheduler();
    shared_arena& arena = this_arena();
    for (;;) {
      std::uint64_t linear;
      {
        std::lock_guard<std::mutex> lock(pool_mutex);
        if (failed_ || next_ >= request_.sequence.size()) return;
        linear = request_.sequence[next_++];
      }
      const dim3 g = request_.grid;
      uint3 b{static_cast<unsigned>(linear % g.x), static_cast<unsigned>((linear / g.x) % g.y),
              static_cast<unsigned>(linear / (1ull * g.x * g.y))};
      r.block = b;
      state_.current_block = b;
      arena.begin_block(request_.dynamic_shared);
      if (r.launcher) access_checks_block_begin();
      block_outcome outcome = scheduler.run(*request_.call, request_.block, b, request_.thread_order,
                                            mix_seed(request_.launch_seed, linear));
      if (r.launcher) access_checks_block_end();
      flush_device_printf();
      if (r.aborted) return;  // ended because another block failed: that block's report stands
      if (outcome.kind == problem::none) {
        if (auto guard_damage = arena.check_guards()) {
          outcome.kind = problem::shared_out_of_bounds;
          outcome.message = *guard_damage + "\n  in block " + describe_index(b) + " of " + describe_launch(state_);
        }
      }
      std::lock_guard<std::mutex> lock(pool_mutex);
      if (outcome.kind != problem::none) {
        if (!failed_) {
          failed_ = true;
          failure_ = std::move(outcome);
        }
        return;
      }
      state_.blocks_done.fetch_add(1, std::memory_order_relaxed);
      count_block();
    }
  }

  // Holding the lock: r's block is done (or r gives up); the next runner takes its turn.
  void leave(runner& r) {
    spin_changes_ += memory_changes;
    memory_changes = 0;
    runner* next = next_to_run(r);
    active_.erase(std::find(active_.begin(), active_.end(), &r));
    r.has_turn = false;
    if (next != nullptr) {
      next->has_turn = true;
      next->wake.notify_one();
    } else if (active_.empty()) {
      finished_.notify_all();
    }
  }

  // Holding the lock: every resident block waits on pinned or managed memory, which host code may
  // write while the kernel runs, and nothing of the launch is done that a second run would redo
  // (no block finished, no flag or atomic written; plain stores are not seen).
  bool waits_for_host() const {
    if (!request_.may_wait_for_host || state_.blocks_done.load(std::memory_order_relaxed) != 0 || spin_changes_ != 0)
      return false;
    return std::all_of(active_.begin(), active_.end(), [](const runner* a) {
      if (a->watched.address == nullptr) return false;
      const auto where = find_allocation(a->watched.address);
      return where && (where->pinned_host || where->managed);
    });
  }

  static std::uint64_t read_word(const watched_word& w) {
    std::uint64_t v = 0;
    if (w.address != nullptr && w.bytes <= sizeof v)
      __builtin_memcpy(&v, w.address, w.bytes == 8 ? 8 : w.bytes == 4 ? 4 : w.bytes == 2 ? 2 : 1);
    return v;
  }

  // Who runs after r: a waiter whose word has changed since it spun (it can go on, as the next
  // block of a chain can once its predecessor finished; otherwise handing turns round the ring would
  // cost a round per link), else the next in the ring.
  runner* next_to_run(const runner& r) const {
    if (active_.size() < 2) return nullptr;
    const auto self = std::find(active_.begin(), active_.end(), &r);
    for (std::size_t k = 1; k < active_.size(); ++k) {
      const runner* a = active_[(std::size_t(self - active_.begin()) + k) % active_.size()];
      if (a->watched.address != nullptr && read_word(a->watched) != a->watched_value) return const_cast<runner*>(a);
    }
    return after(r);
  }

  // The runner after r in the ring of resident blocks (null when r is alone).
  runner* after(const runner& r) const {
    if (active_.size() < 2) return nullptr;
    auto it = std::find(active_.begin(), active_.end(), &r);
    ++it;
    return it == active_.end() ? active_.front() : *it;
  }

  void pass_turn(runner& from, runner& to) {
    spin_changes_ += memory_changes;
    memory_changes = 0;
    from.has_turn = false;
    to.has_turn = true;
    to.wake.notify_one();
  }

  void await_turn(runner& r, std::unique_lock<std::mutex>& lock) {
    waiting_for_turn = true;
    r.wake.wait(lock, [&] { return r.has_turn; });
    waiting_for_turn = false;
    watchdog_running_here();
    state_.current_block = r.block;
    if (tls.thread != nullptr) tls.thread->spin_reads = 0;
    std::string hang;
    if (!failed_ && take_pending_hang(hang)) {
      failed_ = true;
      failure_ = {problem::hang, hang};
      lock.unlock();
      this_scheduler().fail(problem::hang, failure_.message);
    }
  }

  [[noreturn]] void end_aborted(runner& r, std::unique_lock<std::mutex>& lock) {
    r.aborted = true;
    lock.unlock();
    this_scheduler().fail(problem::deadlock, "");
  }

  // Holding the lock: a worker for the next block, idle or new, with the turn.
  runner* start_worker() {
    runner* w = nullptr;
    for (auto& candidate : workers())
      if (candidate->job == nullptr && std::find(active_.begin(), active_.end(), candidate.get()) == active_.end()) {
        w = candidate.get();
        break;
      }
    if (w == nullptr) {
      workers().push_back(std::make_unique<runner>());
      w = workers().back().get();
      std::thread([w] { worker_loop(*w); }).detach();
    }
    w->aborted = false;
    w->stalled = 0;
    w->progress_seen = ~0ull;
    w->spin_pc = nullptr;
    w->watched = {};
    w->scheduler = nullptr;
    w->has_turn = false;
    w->job = this;
    active_.push_back(w);
    w->wake.notify_one();
    return w;
  }

  static void worker_loop(runner& w) {
    w.thread = pthread_self();
    use_small_fiber_stacks();  // hundreds of resident blocks: no huge pages per worker
    for (;;) {
      resident_launch* job;
      {
        std::unique_lock<std::mutex> lock(pool_mutex);
        w.wake.wait(lock, [&] { return w.job != nullptr; });
        job = w.job;
      }
      job->join(w);
      std::lock_guard<std::mutex> lock(pool_mutex);
      w.job = nullptr;
    }
  }

  std::string deadlock_report() const {
    std::vector<const void*> pcs;
    for (const runner* a : active_) pcs.push_back(a->spin_pc);
    std::vector<source_line> lines = describe_code_addresses(pcs);
    std::map<std::string, std::vector<std::string>> by_line;  // "scan.cu:91: code" -> blocks
    for (std::size_t i = 0; i < active_.size(); ++i) {
      std::string site = where(lines[i]);
      if (!lines[i].code.empty()) site += ":   " + lines[i].code;
      by_line[site].push_back(describe_index(active_[i]->block));
    }
    std::ostringstream m;
    const bool left = next_ < request_.sequence.size();
    m << "hang: " << describe_launch(state_) << ": every resident block spins, waiting for memory that no "
      << "resident block will write (seen at once; a GPU would wait until the kernel is killed).\n";
    m << "  blocks finished: " << state_.blocks_done.load() << " of " << state_.blocks_total << " (dispatched in "
      << order_name(state_.block_order) << " order); ";
    const std::uint64_t not_started = request_.sequence.size() - next_;
    if (request_.resident_limit == 1 && request_.gpu_resident_limit > 1)
      m << "blocks run one at a time in this run (a GPU would hold " << request_.gpu_resident_limit
        << " of this launch at once), " << not_started << " not started\n";
    else if (left && request_.resident_limit < request_.gpu_resident_limit)
      m << active_.size() << " resident together, the most this run allows (a GPU would hold "
        << request_.gpu_resident_limit << "), " << not_started << " not started\n";
    else if (left)
      m << active_.size() << " resident together, the most a GPU would hold of this launch, " << not_started
        << " not started\n";
    else
      m << "all " << active_.size() << " resident together, none left to start\n";
    for (const auto& [site, blocks] : by_line) {
      if (blocks.size() == 1) {
        m << "  block " << blocks[0] << " spins at " << site << "\n";
        continue;
      }
      m << "  " << blocks.size() << " blocks spin (";
      for (std::size_t i = 0; i < blocks.size() && i < 6; ++i) m << (i ? ", " : "") << blocks[i];
      if (blocks.size() > 6) m << ", ...";
      m << ") at " << site << "\n";
    }
    if (left)
      m << "The blocks that would end these waits have not started, and on a GPU they need not start before a "
           "waiting block finishes. Blocks are not guaranteed to start in index order, nor to run together: wait "
           "only for blocks that started before yours (take the block's position from an atomic ticket, not "
           "blockIdx.x).";
    else
      m << "Every block of the launch is running and each waits for another: check what each wait needs and "
           "who writes it.";
    return m.str();
  }

  launch_state& state_;
  const block_run_request& request_;
  std::vector<runner*> active_;  // resident now, in the order they started (the ring of turns)
  std::uint64_t next_ = 0;       // next position in the dispatch sequence
  std::uint64_t spin_changes_ = 0;
  bool failed_ = false;
  block_outcome failure_;
  bool waits_for_host_ = false;
  std::condition_variable finished_;
};

runner& launcher_runner() {
  static thread_local runner r;
  r.launcher = true;
  return r;
}

}  // namespace

namespace {
thread_local bool last_waited_for_host = false;
}

block_outcome run_blocks(launch_state& state, const block_run_request& request) {
  resident_launch launch(state, request);
  if (request.may_wait_for_host) memory_changes = 0;  // host code's flag writes are no part of the launch
  block_outcome outcome = launch.run(launcher_runner());
  last_waited_for_host = launch.waited_for_host();
  return outcome;
}

bool last_run_waits_for_host() { return last_waited_for_host; }

unsigned resident_block_limit(unsigned threads_per_block, std::size_t dynamic_shared) {
  // Not through the runtime API: a launch must not leave an error behind for cudaGetLastError.
  const int per_sm = resident_blocks_per_multiprocessor(static_cast<int>(threads_per_block), dynamic_shared);
  return static_cast<unsigned>(std::max(1, per_sm) * multiprocessors());
}

std::uint64_t resident_progress() {
  std::lock_guard<std::mutex> lock(pool_mutex);
  return watched_launch == nullptr ? 0 : watched_launch->progress_locked(false);
}

std::string describe_resident_blocks() {
  std::lock_guard<std::mutex> lock(pool_mutex);
  return watched_launch == nullptr ? "" : watched_launch->describe();
}

bool waiting_for_turn_here() { return waiting_for_turn; }

bool launched_cooperatively() { return tls.thread != nullptr && current_launch().cooperative; }

void grid_sync(const char* file, int line) {
  launch_state& s = current_launch();
  if (!s.cooperative) {
    this_scheduler().fail(problem::trap, "grid.sync() at " + file_line(file, line) + " in block " +
                                             describe_index(blockIdx) + " of " + describe_launch(s) +
                                             ", which was not launched with cudaLaunchCooperativeKernel: only a "
                                             "cooperative launch guarantees that every block is resident, and a "
                                             "GPU fails such a grid.sync().");
  }
  block_barrier(barrier_kind::plain, 1, file, line);
  if (tls.linear_thread == 0) {
    const unsigned generation = s.grid_generation.load();
    if (++s.grid_arrived == s.blocks_total) {
      s.grid_arrived = 0;
      s.grid_generation.store(generation + 1);
      note_memory_change();
    } else {
      while (s.grid_generation.load() == generation)
        note_waiting_read(&s.grid_generation, sizeof(unsigned), __builtin_return_address(0));
    }
  }
  block_barrier(barrier_kind::plain, 1, file, line);
}

void interleave_point() {
  if (current != nullptr && me != nullptr && tls.thread != nullptr) current->spun(*me, nullptr, true);
}

// __nanosleep: a pause counts as one waiting read (a loop that sleeps is a wait, whatever it reads).
void note_spin_pause() { note_waiting_read(nullptr, 0, __builtin_return_address(0)); }

void spin_wait_detected(const void* pc) {
  tls.thread->spin_reads = 0;
  if (tls.thread == nullptr || !this_scheduler().running()) return;  // not in a kernel
  // First the block's own threads, as a GPU's other warps would run meanwhile (unless they all spin
  // too: block_spin_rounds.h). The access checks order accesses by barriers and warp collectives
  // only; a hand-over through memory is neither.
  static thread_local block_spin_rounds rounds;
  block_scheduler& scheduler = this_scheduler();
  if (scheduler.others_ready() && rounds.others_of_block_first(scheduler, memory_changes)) {
    stop_access_checks_for_launch();
    scheduler.yield();
    return;
  }
  if (current != nullptr && me != nullptr) {
    current->spun(*me, pc);
    rounds.resumed(memory_changes);
  }
}

}  // namespace scanlab::cpu::detail
