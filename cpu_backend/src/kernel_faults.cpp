#include "kernel_faults.h"

#include <execinfo.h>
#include <ucontext.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "block_scheduler.h"
#include "device_arena.h"
#include "device_memory.h"
#include "launch_state.h"
#include "source_lines.h"

namespace scanlab::cpu::detail {

namespace {

// What the signal handler saw, for the code it returns into (this OS thread's).
struct kernel_fault {
  const void* address = nullptr;
  const void* pc = nullptr;
  bool write = false;
};
thread_local constinit kernel_fault last_fault;

// The innermost frame of the faulting code with a known line: the faulting instruction's, or, when
// that lies in a library (a memcpy), its first caller's.
source_line fault_line(const void* pc) {
  void* frames[48];
  const int depth = backtrace(frames, 48);
  // describe_code_addresses takes return addresses (it looks one byte back): the faulting
  // instruction itself is given one byte on.
  std::vector<const void*> addresses{static_cast<const char*>(pc) + 1};
  int after = depth;
  for (int i = 0; i < depth; ++i)
    if (frames[i] == pc) after = i + 1;
  for (int i = after; i < depth; ++i) addresses.push_back(frames[i]);
  for (const source_line& l : describe_code_addresses(addresses))
    if (l.line > 0) return l;
  return {};
}

// "81920 bytes past the end of a buffer of 104857600 bytes from cudaMalloc at hashtable_gpu.cu:146"
std::string describe_address(const void* address) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", address);
  std::string m = std::string("the address ") + text;
  const auto below = allocation_below(address);
  if (!below) return m + " lies below every buffer from cudaMalloc";
  const auto past = static_cast<std::size_t>(static_cast<const char*>(address) - (below->base + below->bytes));
  std::string site = below->site;
  if (const auto slash = site.rfind('/'); slash != std::string::npos) site = site.substr(slash + 1);
  return m + " is " + std::to_string(past) + " bytes past the end of a buffer of " + std::to_string(below->bytes) +
         " bytes allocated at " + site;
}

}  // namespace

}  // namespace scanlab::cpu::detail

// Where the signal returns to, on the faulting fiber's stack: ends its block. extern "C" for the
// assembler stub below.
extern "C" [[noreturn]] void scanlab_end_kernel_at_fault() {
  using namespace scanlab::cpu::detail;
  const kernel_fault f = last_fault;
  const source_line at = fault_line(f.pc);
  std::string m = std::string("out-of-bounds ") + (f.write ? "write to" : "read of") + " global memory by thread " +
                  describe_index(threadIdx) + " of block " + describe_index(blockIdx) + " in " +
                  describe_launch(current_launch()) + ":\n  at " + where(at) +
                  (at.code.empty() ? "" : ":   " + at.code) + "\n  " + describe_address(f.address) +
                  "\nOn a GPU this is an illegal memory access: the kernel stops there, and the next synchronising "
                  "CUDA call and every call after it return cudaErrorIllegalAddress. Check the index against the "
                  "number of elements the buffer was allocated with.";
  this_scheduler().fail(scanlab::cpu::problem::global_out_of_bounds, std::move(m));
}

#if defined(__x86_64__)
// Entered as if the faulting instruction had called it (its address is the return address), so
// that backtrace() walks on through the kernel's frames; .cfi_signal_frame says that address is
// the faulting instruction itself, not one after a call. Realigns the stack for the C++ code.
asm(R"(
  .text
  .p2align 4
  .type scanlab_kernel_fault_entry, @function
scanlab_kernel_fault_entry:
  .cfi_startproc
  .cfi_signal_frame
  pushq %rbp
  .cfi_def_cfa_offset 16
  .cfi_offset %rbp, -16
  movq %rsp, %rbp
  .cfi_def_cfa_register %rbp
  andq $-16, %rsp
  call scanlab_end_kernel_at_fault
  ud2
  .cfi_endproc
  .size scanlab_kernel_fault_entry, .-scanlab_kernel_fault_entry
)");
extern "C" void scanlab_kernel_fault_entry();
#endif

namespace scanlab::cpu::detail {

#if defined(__aarch64__)
namespace {
// Whether the data abort was a write: bit 6 (WnR) of the syndrome the kernel stores in the signal
// frame's extension records (an esr_context, magic "ESR\x01"). False when the record is missing.
bool aarch64_fault_was_write(const ucontext_t* uc) {
  constexpr std::uint32_t esr_magic = 0x45535201;
  const auto* p = reinterpret_cast<const unsigned char*>(uc->uc_mcontext.__reserved);
  const auto* end = p + sizeof uc->uc_mcontext.__reserved;
  while (p + 8 <= end) {
    std::uint32_t magic = 0, size = 0;
    __builtin_memcpy(&magic, p, 4);
    __builtin_memcpy(&size, p + 4, 4);
    if (magic == 0 || size < 8) return false;
    if (magic == esr_magic && size >= 16) {
      std::uint64_t esr = 0;
      __builtin_memcpy(&esr, p + 8, 8);
      return (esr >> 6) & 1;
    }
    p += size;
  }
  return false;
}
}  // namespace
#endif

bool end_kernel_after_fault(siginfo_t* info, void* context) {
#if defined(__aarch64__)
  if (info == nullptr || context == nullptr || tls.thread == nullptr) return false;
  if (!arena_kernel_out_of_bounds(info->si_addr) || !this_scheduler().running()) return false;
  auto* uc = static_cast<ucontext_t*>(context);
  const auto pc = uc->uc_mcontext.pc;
  last_fault = {info->si_addr, reinterpret_cast<const void*>(pc), aarch64_fault_was_write(uc)};
  // As if the faulting instruction had called it: the link register holds the fault's address, so
  // a backtrace walks on through the kernel's frames. The stack pointer is 16-byte aligned at
  // every instruction here, and nothing lives below it (no red zone on AArch64 Linux).
  uc->uc_mcontext.regs[30] = pc;
  uc->uc_mcontext.pc = reinterpret_cast<std::uint64_t>(&scanlab_end_kernel_at_fault);
  return true;
#elif defined(__x86_64__)
  if (info == nullptr || context == nullptr || tls.thread == nullptr) return false;
  if (!arena_kernel_out_of_bounds(info->si_addr) || !this_scheduler().running()) return false;
  auto* uc = static_cast<ucontext_t*>(context);
  greg_t* regs = uc->uc_mcontext.gregs;
  last_fault = {info->si_addr, reinterpret_cast<const void*>(regs[REG_RIP]), (regs[REG_ERR] & 2) != 0};
  // A call from the faulting instruction: its address pushed as the return address. What lies
  // below the stack pointer (a leaf function's red zone) is never needed again.
  regs[REG_RSP] -= 8;
  *reinterpret_cast<greg_t*>(regs[REG_RSP]) = regs[REG_RIP];
  regs[REG_RIP] = reinterpret_cast<greg_t>(&scanlab_kernel_fault_entry);
  return true;
#else
  (void)info;
  (void)context;
  return false;
#endif
}

}  // namespace scanlab::cpu::detail
