#include "access_checks.h"

#include "scanlab/cpu/device_impl/runtime_hooks.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <sstream>
#include <vector>

#include "access_trace.h"
#include "device_memory.h"
#include "error_state.h"
#include "launch_state.h"
#include "scanlab/cpu/control.h"
#include "scanlab/cpu/thread_context.h"
#include "shared_arena.h"
#include "source_lines.h"

namespace scanlab::cpu::detail {

thread_local constinit access_checker* active_access_checker = nullptr;

namespace {

bool instrumented = false;
bool tracing = false;  // set_access_trace: every checked launch also records its trace

// A checked launch stops checking after this many accesses (about a second), so that an O(n^2)
// kernel cannot make a checked run slow: what was found by then is reported.
constexpr std::uint64_t access_budget = std::uint64_t(1) << 25;

// SCANLAB_ACCESS_CHECKS: off, on, or small (the default: launches of at most small_launch_threads
// threads, where checking costs a few times the run and reports are readable).
constexpr std::uint64_t small_launch_threads = 8192;
access_checks mode_from_environment() {
  const char* v = std::getenv("SCANLAB_ACCESS_CHECKS");
  if (v == nullptr) return access_checks::small_launches;
  if (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0) return access_checks::off;
  if (std::strcmp(v, "on") == 0 || std::strcmp(v, "1") == 0) return access_checks::on;
  return access_checks::small_launches;
}
access_checks& mode() {
  static access_checks m = mode_from_environment();
  return m;
}

std::mutex findings_mutex;
std::vector<access_finding> findings;
constexpr std::size_t max_findings_per_launch = 3;

// Who touched a 4-byte word, and when: 24 bytes, three per word of checked memory.
struct access_mark {
  const void* pc = nullptr;
  std::uint32_t interval = 0;    // 0: nobody since the launch began
  std::uint32_t warp_syncs = 0;  // the warp's completed collectives at the time
  std::uint16_t thread = 0;      // linear index in the block
  std::uint8_t bytes = 0;        // which bytes of the word (bit k: byte k)
  bool atomic : 1 = false;
  bool write : 1 = false;
  bool is_volatile : 1 = false;  // through a volatile pointer: warp-synchronous code, if of one warp
};

struct word_shadow {
  access_mark write;
  access_mark read[2];  // two readers of the latest interval, of different threads where possible
};

// Device buffers larger than this are not checked (their shadow would be 18 times their size):
// the checked cases are small, and so are their buffers.
constexpr std::size_t largest_checked_buffer = std::size_t(1) << 20;

// A device buffer as the checks see it: its shadow, made on first use.
struct checked_buffer {
  const unsigned char* base = nullptr;
  std::size_t bytes = 0;
  std::vector<word_shadow> shadow;
};

// Kept for take_access_findings, and printed as the other detectors' reports are.
void publish(access_finding f) {
  if (printing_reports()) std::fprintf(stderr, "scanlab-cpu: %s\n", f.report.c_str());
  std::lock_guard<std::mutex> lock(findings_mutex);
  findings.push_back(std::move(f));
}

std::string thread_name(std::uint32_t linear, const dim3& block) {
  if (block.y == 1 && block.z == 1) return "thread " + std::to_string(linear);
  const unsigned x = linear % block.x, y = (linear / block.x) % block.y, z = linear / (block.x * block.y);
  return "thread (" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + ")";
}

std::string barrier_site(const char* file, int line) { return file != nullptr ? file_line(file, line) : ""; }

}  // namespace

class access_checker {
 public:
  void launch_begin(access_trace* trace) {
    trace_ = trace;
    if (trace_ != nullptr) trace_->launch_begin(describe_launch(current_launch()));
    accesses_ = 0;
    std::fill(shared_shadow_.begin(), shared_shadow_.end(), word_shadow{});
    pending_.clear();
    reported_.clear();
    reported_count_ = 0;
    uninitialised_reported_ = false;
    interval_ = 0;
    buffers_.clear();
    for (const auto& [base, size] : device_allocation_ranges()) buffers_.push_back({base, size, {}});
    last_buffer_ = nullptr;
  }

  void block_begin() {
    block_first_interval_ = ++interval_;
    interval_file_ = nullptr;
    interval_line_ = 0;
    block_ = current_launch().current_block;
    block_dim_ = current_launch().block;
    warp_syncs_.assign((block_dim_.x * block_dim_.y * block_dim_.z + 31) / 32, 0u);
    if (trace_ != nullptr) {
      const dim3 grid = current_launch().grid;
      trace_->block_begin(block_.x + grid.x * (block_.y + grid.y * block_.z));
    }
  }

  void barrier_released(const char* file, int line) {
    if (trace_ != nullptr) trace_->interval_end(file, line);
    close_pending(file, line);
    ++interval_;
    interval_file_ = file;
    interval_line_ = line;
  }

  void warp_synced(unsigned warp) {
    if (warp < warp_syncs_.size()) ++warp_syncs_[warp];
  }

  void block_end() {
    if (trace_ != nullptr) trace_->interval_end(nullptr, 0);
    close_pending(nullptr, 0);
  }

  void launch_end() {
    close_pending(nullptr, 0);
    active_access_checker = nullptr;
  }

  void record(const void* address, std::size_t bytes, bool write, bool atomic, bool is_volatile, const void* pc) {
    const auto* p = static_cast<const unsigned char*>(address);
    const shared_arena& arena = this_arena();
    word_shadow* shadow = nullptr;
    std::size_t offset = 0;
    bool shared = false;
    if (p >= arena.base() && p < arena.base() + arena.used()) {
      offset = static_cast<std::size_t>(p - arena.base());
      const std::size_t words = (std::max(offset + bytes, arena.used()) + 3) / 4;
      if (shared_shadow_.size() < words) shared_shadow_.resize(words);
      shadow = shared_shadow_.data();
      shared = true;
    } else if (checked_buffer* b = buffer_of(p)) {
      offset = static_cast<std::size_t>(p - b->base);
      if (b->shadow.empty()) b->shadow.resize((b->bytes + 3) / 4 + 1);
      if (offset + bytes > b->bytes) bytes = b->bytes - offset;
      shadow = b->shadow.data();
    } else {
      return;  // the stack, host data, the runtime's own, a large buffer: not checked
    }
    const std::uint32_t thread = tls.linear_thread;
    if (++accesses_ > access_budget) {
      if (accesses_ == access_budget + 1) close_pending(nullptr, 0);
      return;
    }
    if (trace_ != nullptr) trace_access(p, offset, bytes, shared, thread, write, atomic, pc);
    // Word by word: a float is one word, a double two; a byte or a short marks its part of one.
    for (std::size_t at = offset; at < offset + bytes;) {
      const std::size_t word = at / 4, first = at % 4;
      const std::size_t last = std::min<std::size_t>(4, first + (offset + bytes - at));
      const auto mask = static_cast<std::uint8_t>(((1u << last) - 1) & ~((1u << first) - 1));
      access_mark me{pc, interval_, warp_syncs_of(thread), static_cast<std::uint16_t>(thread), mask, atomic, write,
                     is_volatile};
      if (!check_word(shadow[word], me, p + (at - offset), bytes, shared)) break;  // one report per access
      at = (word + 1) * 4;
    }
  }

 private:
  void trace_access(const unsigned char* p, std::size_t offset, std::size_t bytes, bool shared, std::uint32_t thread,
                    bool write, bool atomic, const void* pc) {
    if (shared) {
      const shared_arena::variable* v = this_arena().find(offset);
      trace_->access(true, v, nullptr, v != nullptr ? v->element_at(offset, bytes) : offset / bytes, thread, write,
                     atomic, pc);
    } else {
      trace_->access(false, nullptr, p - offset, offset / bytes, thread, write, atomic, pc);
    }
  }

  // A finding whose interval has not ended yet: its closing barrier is filled in when it does.
  struct pending_finding {
    access_finding finding;  // its report ends where the closing barrier goes
    // A write that raced: the bytes it found. If the interval ends with them unchanged, every
    // racing write stored the same value (all threads setting one flag to 1, say): harmless, dropped.
    const unsigned char* word = nullptr;  // null: the racing access was a read
    std::uint32_t before = 0;
    std::tuple<const void*, const void*, bool> key;
    bool one_warp = false;  // volatile accesses of one warp's lanes: __syncwarp() is the fix
    const unsigned char* at = nullptr;  // the first byte both accessed
  };

  std::uint32_t warp_syncs_of(std::uint32_t thread) const {
    const std::size_t w = thread / 32;
    return w < warp_syncs_.size() ? warp_syncs_[w] : 0;
  }

  // Did `earlier` happen before `me` by CUDA's rules within the block?
  bool ordered(const access_mark& earlier, const access_mark& me) const {
    if (earlier.interval != me.interval) return true;  // a barrier between them (or another block)
    if (earlier.thread == me.thread) return true;
    // An atomic on either side: the CUDA Programming Guide's own atomicCAS loops read the word plainly
    // first, and such a read races only with a value the CAS then checks.
    if (earlier.atomic || me.atomic) return true;
    // Lanes of one warp that have both taken part in a collective since.
    return earlier.thread / 32 == me.thread / 32 && warp_syncs_of(me.thread) != earlier.warp_syncs;
  }

  bool check_word(word_shadow& s, const access_mark& me, const unsigned char* byte, std::size_t bytes, bool shared) {
    bool clean = true;
    auto conflicts = [&](const access_mark& other) {
      return other.interval != 0 && (other.bytes & me.bytes) != 0 && !ordered(other, me);
    };
    if (conflicts(s.write)) {
      report_race(s.write, me, byte, bytes, shared);
      clean = false;
    }
    if (me.write) {
      for (const access_mark& r : s.read)
        if (clean && conflicts(r)) {
          report_race(r, me, byte, bytes, shared);
          clean = false;
        }
      // A partial write leaves the word's other bytes as they were: keep the union of the marks.
      if (s.write.interval == me.interval && s.write.thread == me.thread) {
        const std::uint8_t before = s.write.bytes;
        s.write = me;
        s.write.bytes |= before;
      } else {
        s.write = me;
      }
      return clean;
    }
    // (A word some thread wrote part of counts as written: other threads may have written the rest.)
    if (shared && clean && s.write.interval < block_first_interval_) report_uninitialised(me, byte, bytes);
    // Keep two readers of the latest interval, from different threads where possible.
    access_mark& first = s.read[0];
    if (first.interval != me.interval) {
      first = me;
      s.read[1] = {};
    } else if (first.thread != me.thread) {
      s.read[1] = me;
    } else {
      first.bytes |= me.bytes;
    }
    return clean;
  }

  // The short name, with where a shared variable was declared.
  std::string describe_location(const unsigned char* byte, std::size_t access_bytes, bool shared) const {
    std::string name = short_name(byte, access_bytes, shared);
    if (!shared) return name;
    const shared_arena& arena = this_arena();
    if (const shared_arena::variable* v = arena.find(static_cast<std::size_t>(byte - arena.base()))) {
      if (v->line != 0) return "shared " + name + " (declared at " + file_line(v->file, v->line) + ")";
      return "dynamic shared memory " + name + " (counted in " + std::to_string(access_bytes) + "-byte elements)";
    }
    return name;
  }

  // `XY[3]`, or "global element 5": the short form for summaries.
  std::string short_name(const unsigned char* byte, std::size_t access_bytes, bool shared) const {
    if (shared) {
      const shared_arena& arena = this_arena();
      const std::size_t offset = static_cast<std::size_t>(byte - arena.base());
      if (const shared_arena::variable* v = arena.find(offset)) {
        const std::size_t element = v->element_bytes != 0 ? v->element_bytes : access_bytes;
        std::string name = v->line == 0 ? std::string("extern __shared__") : v->name;
        if (v->bytes > element) name += "[" + std::to_string(v->element_at(offset, access_bytes)) + "]";
        return "`" + name + "`";
      }
      return "shared memory";
    }
    for (const checked_buffer& b : buffers_)
      if (byte >= b.base && byte < b.base + b.bytes)
        return "global memory (element " + std::to_string((byte - b.base) / access_bytes) + " of a " +
               std::to_string(b.bytes) + "-byte buffer)";
    return "global memory";
  }

  void report_race(const access_mark& earlier, const access_mark& me, const unsigned char* byte, std::size_t bytes,
                   bool shared) {
    if (reported_count_ >= max_findings_per_launch) return;
    // One finding per pair of lines and kind: a loop repeats the same race at every element.
    const auto key = std::make_tuple(earlier.pc, me.pc, shared);
    if (!reported_.insert(key).second) return;
    ++reported_count_;
    const std::vector<source_line> lines = describe_code_addresses({earlier.pc, me.pc});
    const char* earlier_verb = earlier.write ? "wrote" : "read";
    const char* verb = me.write ? "wrote" : "read";
    const std::string what = describe_location(byte, bytes, shared);
    access_finding f;
    f.summary = "race on " + short_name(byte, bytes, shared) + ": " + thread_name(earlier.thread, block_dim_) + " " +
                earlier_verb + " it at " + where(lines[0]) + ", " + thread_name(me.thread, block_dim_) + " " + verb +
                " it at " + where(lines[1]) + ", with no barrier between";
    std::ostringstream m;
    m << "race on " << what << " in block (" << block_.x << "," << block_.y << "," << block_.z << ") of "
      << describe_launch(current_launch()) << ":\n";
    m << "  " << thread_name(earlier.thread, block_dim_) << " " << earlier_verb << " it at " << where(lines[0])
      << (lines[0].code.empty() ? "" : ":   " + lines[0].code) << "\n";
    m << "  " << thread_name(me.thread, block_dim_) << " " << verb << " it at " << where(lines[1])
      << (lines[1].code.empty() ? "" : ":   " + lines[1].code) << "\n";
    // Two volatile accesses by lanes of one warp: the pre-Volta warp-synchronous idiom.
    const bool one_warp = earlier.thread / 32 == me.thread / 32 && earlier.is_volatile && me.is_volatile;
    if (one_warp)
      m << "  lanes of one warp with no __syncwarp() between the two accesses (a GPU since Volta does not run a "
           "warp's lanes in lockstep: warp-synchronous code needs __syncwarp() between its steps)\n";
    m << "  both in one barrier interval: ";
    if (interval_file_ != nullptr) m << "after the barrier at " << barrier_site(interval_file_, interval_line_);
    else m << "from the start of the block";
    m << " to ";
    f.report = m.str();
    pending_finding p{std::move(f)};
    p.key = key;
    p.one_warp = one_warp;
    p.at = byte;
    if (me.write) {
      p.word = byte - reinterpret_cast<std::uintptr_t>(byte) % 4;  // the word, as the shadow keeps it
      std::memcpy(&p.before, p.word, 4);
    }
    pending_.push_back(std::move(p));
  }

  void report_uninitialised(const access_mark& me, const unsigned char* byte, std::size_t bytes) {
    if (uninitialised_reported_ || reported_count_ >= max_findings_per_launch) return;
    const shared_arena& arena = this_arena();
    // Written by code the checks do not see (memcpy, cooperative copies): the poison is gone then.
    if (!arena.still_poison(static_cast<std::size_t>(byte - arena.base()), 1)) return;
    uninitialised_reported_ = true;
    ++reported_count_;
    const source_line line = describe_code_addresses({me.pc})[0];
    access_finding f;
    f.summary = "read of uninitialised shared memory " + short_name(byte, bytes, true) + ": " +
                thread_name(me.thread, block_dim_) + " read it at " + where(line) +
                ", and no thread of the block had written it";
    std::ostringstream m;
    m << "read of uninitialised " << describe_location(byte, bytes, true) << " in block (" << block_.x << ","
      << block_.y << "," << block_.z << ") of " << describe_launch(current_launch()) << ":\n";
    m << "  " << thread_name(me.thread, block_dim_) << " read it at " << where(line)
      << (line.code.empty() ? "" : ":   " + line.code) << "\n";
    m << "  and no thread of the block has written it since the block began";
    f.report = m.str();
    publish(std::move(f));
  }

 public:
  // A thread waited on [address, address + bytes) and another thread's write there released it: a
  // hand-over through memory (a flag), not a race. Its findings, not yet reported, are dropped.
  void forget_races_on(const void* address, std::size_t bytes) {
    const auto* first = static_cast<const unsigned char*>(address);
    std::erase_if(pending_, [&](const pending_finding& p) {
      if (p.at < first || p.at >= first + bytes) return false;
      reported_.erase(p.key);
      --reported_count_;
      return true;
    });
  }

 private:

  // The interval of the pending findings ended at a barrier (file, line) or at the block's end.
  void close_pending(const char* file, int line) {
    if (pending_.empty()) return;
    for (pending_finding& p : pending_) {
      if (p.word != nullptr && std::memcmp(p.word, &p.before, 4) == 0) {
        reported_.erase(p.key);  // the same value written: not reported (and the lines may race later)
        --reported_count_;
        continue;
      }
      p.finding.report +=
          file != nullptr ? "the barrier at " + barrier_site(file, line) : std::string("the end of the kernel");
      p.finding.report += p.one_warp ? ", so nothing orders the two accesses (a __syncwarp() between them would)"
                                     : ", so nothing orders the two accesses (a __syncthreads() between them would)";
      publish(std::move(p.finding));
    }
    pending_.clear();
  }

  // The checked buffer holding p (the last one found first: kernels touch a few buffers in turn).
  checked_buffer* buffer_of(const unsigned char* p) {
    if (last_buffer_ != nullptr && p >= last_buffer_->base && p < last_buffer_->base + last_buffer_->bytes)
      return last_buffer_;
    for (checked_buffer& b : buffers_)
      if (p >= b.base && p < b.base + b.bytes) {
        if (b.bytes > largest_checked_buffer) return nullptr;
        return last_buffer_ = &b;
      }
    return nullptr;
  }

  std::vector<word_shadow> shared_shadow_;
  std::vector<checked_buffer> buffers_;
  checked_buffer* last_buffer_ = nullptr;
  std::vector<std::uint32_t> warp_syncs_;
  std::vector<pending_finding> pending_;
  std::set<std::tuple<const void*, const void*, bool>> reported_;
  std::size_t reported_count_ = 0;
  bool uninitialised_reported_ = false;
  std::uint32_t interval_ = 0;
  std::uint32_t block_first_interval_ = 0;
  std::uint64_t accesses_ = 0;
  access_trace* trace_ = nullptr;
  const char* interval_file_ = nullptr;
  int interval_line_ = 0;
  uint3 block_{};
  dim3 block_dim_{1, 1, 1};
};

namespace {
access_checker& this_checker() {
  static thread_local access_checker checker;
  return checker;
}
access_trace& this_trace() {
  static thread_local access_trace trace;
  return trace;
}
}  // namespace

void record_access(access_checker& checker, const void* address, std::size_t bytes, bool write, bool atomic,
                   const void* pc, bool is_volatile) {
  checker.record(address, bytes, write, atomic, is_volatile, pc);
}

void note_instrumented_code() { instrumented = true; }

void access_checks_launch_begin(std::uint64_t threads_in_launch) {
  const access_checks m = mode();
  const bool on = instrumented && (tracing || m == access_checks::on ||
                                   (m == access_checks::small_launches && threads_in_launch <= small_launch_threads));
  if (!on) {
    active_access_checker = nullptr;
    return;
  }
  access_checker& c = this_checker();
  c.launch_begin(tracing ? &this_trace() : nullptr);
  active_access_checker = &c;
}

void access_checks_block_begin() {
  if (access_checker* c = active_access_checker) c->block_begin();
}
void barrier_released(access_checker& checker, const char* file, int line) { checker.barrier_released(file, line); }
void warp_synced(access_checker& checker, unsigned warp) { checker.warp_synced(warp); }
void access_checks_block_end() {
  if (access_checker* c = active_access_checker) c->block_end();
}
void access_checks_launch_end() {
  if (access_checker* c = active_access_checker) c->launch_end();
}
void stop_access_checks_for_launch() { access_checks_launch_end(); }
void forget_races_on(const void* address, std::size_t bytes) {
  if (access_checker* c = active_access_checker) c->forget_races_on(address, bytes);
}

}  // namespace scanlab::cpu::detail

namespace scanlab::cpu {

void set_access_checks(access_checks m) { detail::mode() = m; }
access_checks current_access_checks() { return detail::mode(); }
bool access_checks_available() { return detail::instrumented; }

bool set_access_trace(bool on) {
  detail::tracing = on;
  return on && detail::instrumented;
}

std::string take_access_trace_json() { return detail::this_trace().take_json(); }

std::vector<access_finding> take_access_findings() {
  std::lock_guard<std::mutex> lock(detail::findings_mutex);
  std::vector<access_finding> out;
  out.swap(detail::findings);
  return out;
}

}  // namespace scanlab::cpu
