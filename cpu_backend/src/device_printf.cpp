// Device printf in a GPU's order. A GPU's warp executes a printf for all its active lanes at once,
// so the lines of one call site come out lane by lane, warp by warp; here each CUDA thread runs
// until a barrier, so thread 0 would print all its lines before thread 1 prints any. Lines printed
// by kernel code are therefore held until the block ends and written ordered by the barrier
// interval they were printed in, the warp, the warp's n-th printf (the same call site's k-th
// execution by each lane is one warp-wide printf), and the lane.
//
// printf, __printf_chk (_FORTIFY_SOURCE), puts and putchar (what compilers turn a printf of a
// constant string or one character into) are defined here, so the program's own calls, host or
// device, come here: host code is passed on to the C library unchanged.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "block_scheduler.h"
#include "device_printf.h"

namespace scanlab::cpu::detail {
namespace {

struct device_line {
  unsigned phase = 0, warp = 0, lane = 0;
  const void* site = nullptr;  // the call site
  unsigned execution = 0;      // the lane's how-many-th execution of it in this barrier interval
  std::string text;
};

struct printf_buffer {
  std::vector<device_line> lines;
  // (phase, thread, call site) -> executions so far.
  std::map<std::tuple<unsigned, unsigned, const void*>, unsigned> executions;
  std::size_t bytes = 0;
};
thread_local printf_buffer buffer;  // per OS thread: blocks resident together each have their own

// A GPU's printf buffer is 1 MiB by default (cudaLimitPrintfFifoSize); past that much held text the
// lines are written at once, in the order reached.
constexpr std::size_t flush_bytes = 1u << 20;

bool in_kernel() { return tls.thread != nullptr && this_scheduler().running(); }

void hold(const void* site, std::string text) {
  const unsigned phase = this_scheduler().phase();
  const unsigned thread = tls.linear_thread;
  const unsigned warp = thread / 32;
  const unsigned execution = buffer.executions[{phase, thread, site}]++;
  buffer.bytes += text.size();
  buffer.lines.push_back({phase, warp, thread % 32, site, execution, std::move(text)});
  if (buffer.bytes > flush_bytes) flush_device_printf();
}

std::string format(const char* fmt, std::va_list args) {
  std::va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0) return {};
  std::string text(static_cast<std::size_t>(n) + 1, '\0');
  std::vsnprintf(text.data(), text.size(), fmt, args);
  text.resize(static_cast<std::size_t>(n));
  return text;
}

}  // namespace

namespace {

using group_key = std::pair<const void*, unsigned>;  // (call site, execution): one warp-wide printf

// Writes the lines of one warp in one barrier interval (in the order they were printed). The
// warp-wide printfs come in an order every lane agrees with (a lane's printfs in its own order),
// ties going to the one whose lowest lane is lowest, then by call site; each one's lines by lane.
// The result does not depend on the order the threads ran in.
void write_warp(const std::vector<const device_line*>& lines) {
  std::map<group_key, std::vector<const device_line*>> groups;
  std::map<group_key, unsigned> lowest_lane, waiting;
  std::map<group_key, std::vector<group_key>> after;
  std::map<unsigned, group_key> last_of_lane;
  for (const device_line* l : lines) {
    const group_key g{l->site, l->execution};
    auto& members = groups[g];
    if (members.empty()) {
      lowest_lane[g] = l->lane;
      waiting[g] = 0;
    }
    members.push_back(l);
    lowest_lane[g] = std::min(lowest_lane[g], l->lane);
    auto last = last_of_lane.find(l->lane);
    if (last != last_of_lane.end() && last->second != g) {
      after[last->second].push_back(g);
      ++waiting[g];
    }
    last_of_lane[l->lane] = g;
  }
  auto earlier = [&](const group_key& a, const group_key& b) {
    return std::make_tuple(lowest_lane[a], a.first, a.second) < std::make_tuple(lowest_lane[b], b.first, b.second);
  };
  while (!groups.empty()) {
    // Ready: no lane printed something else before it. (Lanes that disagree form a cycle: then the
    // earliest by the tie rule goes first.)
    const group_key* next = nullptr;
    for (const auto& [g, members] : groups)
      if (waiting[g] == 0 && (next == nullptr || earlier(g, *next))) next = &g;
    if (next == nullptr)
      for (const auto& [g, members] : groups)
        if (next == nullptr || earlier(g, *next)) next = &g;
    const group_key g = *next;
    std::vector<const device_line*> members = std::move(groups[g]);
    std::stable_sort(members.begin(), members.end(),
                     [](const device_line* a, const device_line* b) { return a->lane < b->lane; });
    for (const device_line* l : members) std::fwrite(l->text.data(), 1, l->text.size(), stdout);
    for (const group_key& h : after[g])
      if (waiting[h] > 0) --waiting[h];
    groups.erase(g);
  }
}

}  // namespace

void flush_device_printf() {
  if (buffer.lines.empty()) return;
  // By barrier interval, then warp: a GPU finishes an interval's printfs before the barrier lets
  // any warp on, and warps of one interval come out in index order (the usual case on a GPU).
  std::map<std::pair<unsigned, unsigned>, std::vector<const device_line*>> by_warp;
  for (const device_line& l : buffer.lines) by_warp[{l.phase, l.warp}].push_back(&l);
  for (const auto& [where, lines] : by_warp) write_warp(lines);
  buffer.lines.clear();
  buffer.executions.clear();
  buffer.bytes = 0;
}

}  // namespace scanlab::cpu::detail

using scanlab::cpu::detail::hold;
using scanlab::cpu::detail::in_kernel;

namespace {

// printf's work for both entry points; `site` is the caller's return address (the call site).
int print_or_hold(const void* site, const char* fmt, std::va_list args) {
  if (!in_kernel()) return std::vprintf(fmt, args);
  std::string text = scanlab::cpu::detail::format(fmt, args);
  const int n = static_cast<int>(text.size());
  hold(site, std::move(text));
  return n;
}

}  // namespace

extern "C" {

int printf(const char* __restrict fmt, ...) {
  std::va_list args;
  va_start(args, fmt);
  const int n = print_or_hold(__builtin_return_address(0), fmt, args);
  va_end(args);
  return n;
}

int __printf_chk(int, const char* __restrict fmt, ...) {  // printf under _FORTIFY_SOURCE
  std::va_list args;
  va_start(args, fmt);
  const int n = print_or_hold(__builtin_return_address(0), fmt, args);
  va_end(args);
  return n;
}

int puts(const char* s) {
  if (!in_kernel()) return std::fputs(s, stdout) < 0 || std::fputc('\n', stdout) == EOF ? EOF : 1;
  hold(__builtin_return_address(0), std::string(s) + "\n");
  return 1;
}

int putchar(int c) {
  if (!in_kernel()) return std::fputc(c, stdout);
  hold(__builtin_return_address(0), std::string(1, static_cast<char>(c)));
  return static_cast<unsigned char>(c);
}

}  // extern "C"
