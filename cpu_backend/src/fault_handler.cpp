#include "fault_handler.h"

#include <execinfo.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "device_arena.h"
#include "device_memory.h"
#include "kernel_faults.h"
#include "sanitizer.h"
#include "source_lines.h"

namespace scanlab::cpu::detail {

namespace {

#ifdef SCANLAB_ASAN
// AddressSanitizer reports crashes and bad accesses itself: only the arena's faults are ours.
constexpr int handled_signals[] = {SIGSEGV};
#else
constexpr int handled_signals[] = {SIGSEGV, SIGBUS, SIGFPE};
#endif
constexpr int handled_count = sizeof handled_signals / sizeof handled_signals[0];
struct sigaction previous[handled_count];

void write_text(const std::string& s) {
  for (std::size_t done = 0; done < s.size();) {
    const ssize_t n = write(2, s.data() + done, s.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

const void* faulting_pc(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
  if (uc == nullptr) return nullptr;
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
  return nullptr;
#endif
}

// "read", "wrote" or, where the CPU does not say, "touched".
const char* access_verb(void* context) {
#if defined(__x86_64__)
  const auto* uc = static_cast<const ucontext_t*>(context);
  if (uc != nullptr) return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? "wrote" : "read";
#else
  (void)context;
#endif
  return "touched";
}

// The line of host code that made the access: the faulting instruction's, or, when that is in a
// library (a memcpy, printf), the first caller's with a known line. This runs once, in a process
// about to die, so it may spawn addr2line.
source_line host_line(void* context) {
  const void* pc = faulting_pc(context);
  void* frames[48];
  const int depth = backtrace(frames, 48);
  std::vector<const void*> addresses;
  // describe_code_addresses takes return addresses (it looks one byte back): the faulting
  // instruction itself is given one byte on.
  if (pc != nullptr) addresses.push_back(static_cast<const char*>(pc) + 1);
  int after = 0;
  for (int i = 0; i < depth; ++i)
    if (frames[i] == pc) after = i + 1;
  for (int i = after; i < depth && after > 0; ++i) addresses.push_back(frames[i]);
  for (const source_line& l : describe_code_addresses(addresses))
    if (l.line > 0) return l;
  return {};
}

std::string base_name(const std::string& site) {
  const auto slash = site.rfind('/');
  return slash == std::string::npos ? site : site.substr(slash + 1);
}

void report_host_access(const void* address, void* context) {
  const char* verb = access_verb(context);
  const source_line at = host_line(context);
  std::string m = std::string("scanlab-cpu: host code ") + verb + " device memory at " + where(at);
  if (!at.code.empty()) m += ":   " + at.code;
  m += "\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%p", address);
  if (auto a = find_allocation(address); a && !a->pinned_host) {
    const auto offset = static_cast<std::size_t>(static_cast<const char*>(address) - a->base);
    m += "  the address " + std::string(buf) + " is byte " + std::to_string(offset) + " of a buffer of " +
         std::to_string(a->bytes) + " bytes from cudaMalloc at " + base_name(a->site) + "\n";
  } else {
    m += "  the address " + std::string(buf) + " is device memory (from cudaMalloc, now freed or never handed out)\n";
  }
  m += "On a GPU this is a segmentation fault: host code cannot read or write memory from cudaMalloc. Copy it "
       "to the host first (cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost)) and work on the copy; write "
       "device memory from a kernel, or copy host data in with cudaMemcpyHostToDevice.\n";
  write_text(m);
}

void die_of(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);  // delivered when the handler returns: the process ends as the fault would end it
}

// Makes `next` the signal's handler again and runs it, then ends the process. Handlers chained
// through each other's "previous" can form a cycle (a program's handler installed in front of the
// resolver below, which then went in front of it again): `busy`, the caller's own flag, ends it.
void hand_over(const struct sigaction& next, bool& busy, int sig, siginfo_t* info, void* context) {
  if (busy) return die_of(sig);
  busy = true;
  sigaction(sig, &next, nullptr);
  if ((next.sa_flags & SA_SIGINFO) != 0) {
    if (next.sa_sigaction != nullptr) next.sa_sigaction(sig, info, context);
  } else if (next.sa_handler != SIG_DFL && next.sa_handler != SIG_IGN) {
    next.sa_handler(sig);
  }
  busy = false;
  die_of(sig);
}

thread_local bool reporter_busy = false, resolver_busy = false;

void pass_on(int sig, siginfo_t* info, void* context) {
  for (int k = 0; k < handled_count; ++k)
    if (handled_signals[k] == sig) return hand_over(previous[k], reporter_busy, sig, info, context);
  die_of(sig);
}

// The resolver: in front of a handler that a program (Catch2, a harness) installed after the
// backend's, so that a kernel's first write to a host-written page is never taken for a crash.
// Everything else goes on, unchanged, to the handler it displaced.
struct sigaction displaced {};
void on_kernel_fault(int sig, siginfo_t* info, void* context) {
  if (arena_resolve_kernel_fault(info != nullptr ? info->si_addr : nullptr)) return;
  if (end_kernel_after_fault(info, context)) return;
  hand_over(displaced, resolver_busy, sig, info, context);
}

void on_fault(int sig, siginfo_t* info, void* context) {
  const void* address = info != nullptr ? info->si_addr : nullptr;
  if (sig == SIGSEGV && arena_resolve_kernel_fault(address)) return;
  if (sig == SIGSEGV && end_kernel_after_fault(info, context)) return;
  if (reporter_busy) return die_of(sig);
  if (sig == SIGSEGV && arena_host_access(address)) {
    report_host_access(address, context);
  } else {
#ifndef SCANLAB_ASAN
    write_kernel_crash_report(sig, info);
#endif
  }
  pass_on(sig, info, context);
}

}  // namespace

void use_alternate_signal_stack() {
#ifndef SCANLAB_ASAN
  // Faults may come from a fiber's guard page (stack overflow): this thread handles them on a
  // stack of its own (kept for the life of the process).
  stack_t current{};
  if (sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_DISABLE) == 0) return;
  stack_t ss{};
  ss.ss_size = 64 * 1024;
  ss.ss_sp = new char[ss.ss_size];
  sigaltstack(&ss, nullptr);
#endif
}

void install_fault_handler() {
  use_alternate_signal_stack();
  static std::once_flag installed;
  std::call_once(installed, [] {
    struct sigaction action {};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int k = 0; k < handled_count; ++k) sigaction(handled_signals[k], &action, &previous[k]);
  });
}

void keep_fault_resolver_first() {
  struct sigaction current {};
  if (sigaction(SIGSEGV, nullptr, &current) != 0) return;
  if ((current.sa_flags & SA_SIGINFO) != 0 &&
      (current.sa_sigaction == on_fault || current.sa_sigaction == on_kernel_fault))
    return;
  displaced = current;
  struct sigaction resolver {};
  resolver.sa_sigaction = on_kernel_fault;
  resolver.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&resolver.sa_mask);
  sigaction(SIGSEGV, &resolver, nullptr);
}

}  // namespace scanlab::cpu::detail

namespace scanlab::cpu {

bool resolve_device_memory_fault(const void* address) { return detail::arena_resolve_kernel_fault(address); }
bool host_touched_device_memory(const void* address) { return detail::arena_host_access(address); }

}  // namespace scanlab::cpu
