#include "fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sanitizer.h"

// Boost.Context's jump_fcontext saves and restores the MXCSR and x87 control words on every
// switch; ldmxcsr/fldcw alone cost about a quarter of a barrier round (perf, 2026-11-22). Kernels
// never change floating-point modes, so on x86-64 System V we switch without those four
// instructions. It also resumes with `ret` where Boost uses an indirect `jmp`: the fibers of a
// block wait at the same call sites, so the return-stack buffer's prediction (the address the
// leaving fiber pushed) is right, and the returns that follow in the resumed fiber stay predicted.
//
// The fast path makes its contexts itself too (make_context below): the frame it switches with is
// then its own, never a Boost version's private layout. (Boost 1.74 saved seven words, 1.83 eight;
// a switch with the wrong size resumed new fibers in Boost's exit routine: every program ended
// with status 0 at its first launch.) Other targets and the sanitizer builds use Boost's own
// make_fcontext and jump_fcontext, a matching pair whatever its layout.
//
// The frame at a saved stack pointer: one unused word, r12, r13, r14, r15, rbx, rbp, then the
// address the switch returns to.
// (SCANLAB_FAST_JUMP: fiber.h says where.)
#ifdef SCANLAB_FAST_JUMP
asm(R"(
  .text
  .globl scanlab_jump_fcontext
  .type scanlab_jump_fcontext,@function
  .align 16
scanlab_jump_fcontext:
  leaq  -0x38(%rsp), %rsp
  movq  %r12, 0x8(%rsp)
  movq  %r13, 0x10(%rsp)
  movq  %r14, 0x18(%rsp)
  movq  %r15, 0x20(%rsp)
  movq  %rbx, 0x28(%rsp)
  movq  %rbp, 0x30(%rsp)
  movq  %rsp, %rax
  movq  %rdi, %rsp
  movq  0x8(%rsp), %r12
  movq  0x10(%rsp), %r13
  movq  0x18(%rsp), %r14
  movq  0x20(%rsp), %r15
  movq  0x28(%rsp), %rbx
  movq  0x30(%rsp), %rbp
  leaq  0x38(%rsp), %rsp
  movq  %rsi, %rdx
  movq  %rax, %rdi
  ret
  .size scanlab_jump_fcontext,.-scanlab_jump_fcontext

  .globl scanlab_fiber_entry_returned
  .type scanlab_fiber_entry_returned,@function
  .align 16
scanlab_fiber_entry_returned:
  andq  $-16, %rsp
  call  scanlab_fiber_entry_returned_abort
  ud2
  .size scanlab_fiber_entry_returned,.-scanlab_fiber_entry_returned
  .section .note.GNU-stack,"",%progbits
  .text
)");

extern "C" void scanlab_fiber_entry_returned();

// A fiber's entry function must never return (its stack has no caller): say so instead of
// running off the end of the stack.
extern "C" [[noreturn]] [[gnu::used]] void scanlab_fiber_entry_returned_abort() {
  std::fputs("scanlab-cpu: internal error: a fiber's entry function returned\n", stderr);
  std::abort();
}
#endif

namespace scanlab::cpu::detail {

namespace {
#ifdef SCANLAB_FAST_JUMP
inline ctx::transfer_t jump(ctx::fcontext_t to, void* data) { return scanlab_jump_fcontext(to, data); }
#else
inline ctx::transfer_t jump(ctx::fcontext_t to, void* data) { return ctx::jump_fcontext(to, data); }
#endif

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

#ifdef SCANLAB_ASAN
thread_local context_slot* leaving_slot = nullptr;
#endif

// Tell ThreadSanitizer which fiber runs next. No happens-before edge comes with a switch: fibers
// take turns on one OS thread, yet on a GPU they run at the same time, so only the edges CUDA
// guarantees (added by the scheduler) may order their accesses.
inline void announce_switch(context_slot& from, context_slot& to) {
#ifdef SCANLAB_TSAN
  if (from.tsan_fiber == nullptr) from.tsan_fiber = __tsan_get_current_fiber();  // the OS thread's own
  __tsan_switch_to_fiber(to.tsan_fiber, __tsan_switch_to_fiber_no_sync);
#else
  (void)from;
  (void)to;
#endif
}
}  // namespace

std::size_t default_fiber_stack_bytes() {
  // ASan's redzones and fake frames need far more room than plain kernels (ANCHORS: 64 KiB).
#if defined(SCANLAB_ASAN) || defined(SCANLAB_TSAN)
  return 256 * 1024;
#else
  return 64 * 1024;
#endif
}

namespace {
constexpr std::size_t huge_page = 2 * 1024 * 1024;
constexpr std::size_t canary_bytes = 256;
constexpr unsigned char canary = 0xC5;
#ifdef SCANLAB_ASAN
constexpr bool use_guard_pages = true;
#else
constexpr bool use_guard_pages = false;
#endif
}  // namespace

stack_region::stack_region(unsigned count, std::size_t usable_bytes, bool huge_pages) : count_(count) {
  const std::size_t page = page_size();
  // Room for the largest top_offset; without huge pages (many regions, address space counts) the
  // tops are not spread.
  spread_tops_ = huge_pages;
  size_ = (usable_bytes + (spread_tops_ ? 64 * 1024 : 0) + page - 1) / page * page;
  stride_ = size_ + (use_guard_pages ? page : 0);
  mapping_size_ = stride_ * count + huge_page;
  void* m = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) {
    std::fprintf(stderr, "scanlab-cpu: cannot map %zu bytes of fiber stacks\n", mapping_size_);
    std::abort();
  }
  mapping_ = static_cast<char*>(m);
  auto aligned = (reinterpret_cast<std::uintptr_t>(mapping_) + huge_page - 1) / huge_page * huge_page;
  first_ = reinterpret_cast<char*>(aligned);
  if (use_guard_pages) {
    for (unsigned i = 0; i < count; ++i) mprotect(first_ + i * stride_, page, PROT_NONE);
  } else {
    if (huge_pages) madvise(first_, stride_ * count, MADV_HUGEPAGE);
    for (unsigned i = 0; i < count; ++i) std::memset(bottom(i), canary, canary_bytes);
  }
}

stack_region::~stack_region() { munmap(mapping_, mapping_size_); }

void* stack_region::bottom(unsigned i) const { return first_ + i * stride_ + (use_guard_pages ? page_size() : 0); }

void* stack_region::top(unsigned i) const {
  // Shift each top by a different number of cache lines, spread over 64 KiB so that the hot top
  // frames of 1024 stacks fall into different L1 and L2 sets (kept 16-byte aligned for the ABI).
  return static_cast<char*>(bottom(i)) + size_ - (spread_tops_ ? top_offset(i) : 64);
}

std::size_t stack_region::top_offset(unsigned i) { return (static_cast<std::size_t>(i) * 37 % 1024) * 64; }

bool stack_region::overflowed(unsigned i) const {
  if (use_guard_pages) return false;
  // Only the top word of the canary zone: an overflow coming down from above reaches it first,
  // and reading more for 1024 stacks per block would cost more than the block.
  std::uint64_t top_word;
  std::memcpy(&top_word, static_cast<const char*>(bottom(i)) + canary_bytes - 8, 8);
  return top_word != 0x0101010101010101ull * canary;
}

void stack_region::rearm(unsigned i) {
  if (!use_guard_pages) std::memset(bottom(i), canary, canary_bytes);
}

bool stack_region::near_bottom(const void* address) const {
  auto* a = static_cast<const char*>(address);
  if (a < first_ || a >= first_ + stride_ * count_) return false;
  return static_cast<std::size_t>(a - first_) % stride_ < page_size() + canary_bytes;
}

void make_context(context_slot& slot, const stack_region& stacks, unsigned index, void (*entry)(ctx::transfer_t)) {
  char* top = static_cast<char*>(stacks.top(index));
  char* bottom = static_cast<char*>(stacks.bottom(index));
#ifdef SCANLAB_FAST_JUMP
  // The frame scanlab_jump_fcontext pops (seven words, then `ret` into entry), and above it the
  // return address entry would use. After the `ret`, the stack pointer is 8 modulo 16, as at
  // the entry of any called function; entry receives the transfer in rdi and rsi, where the
  // switch left the leaving context and the data.
  auto aligned = reinterpret_cast<std::uintptr_t>(top) & ~std::uintptr_t(15);
  auto* frame = reinterpret_cast<void**>(aligned - 0x48);
  for (int word = 0; word < 7; ++word) frame[word] = nullptr;  // rbp = 0 ends debuggers' walks
  frame[7] = reinterpret_cast<void*>(entry);
  frame[8] = reinterpret_cast<void*>(&scanlab_fiber_entry_returned);
  slot.context = frame;
  (void)bottom;
#else
  slot.context = ctx::make_fcontext(top, static_cast<std::size_t>(top - bottom), entry);
#endif
#ifdef SCANLAB_TSAN
  // Kept when the context is re-made after an aborted block: the CUDA thread is the same.
  if (slot.tsan_fiber == nullptr) slot.tsan_fiber = __tsan_create_fiber(0);
#endif
#ifdef SCANLAB_ASAN
  slot.stack_bottom = bottom;
  slot.stack_size = static_cast<std::size_t>(top - bottom);
#endif
}

void finish_switch(ctx::transfer_t incoming, void* own_fake_stack) {
#ifdef SCANLAB_ASAN
  const void* old_bottom = nullptr;
  std::size_t old_size = 0;
  __sanitizer_finish_switch_fiber(own_fake_stack, &old_bottom, &old_size);
  // The OS-thread stack's bounds are only known once we have left it the first time.
  if (leaving_slot != nullptr && leaving_slot->stack_bottom == nullptr) {
    leaving_slot->stack_bottom = const_cast<void*>(old_bottom);
    leaving_slot->stack_size = old_size;
  }
#else
  (void)own_fake_stack;
#endif
  // The execution that switched to us passed the slot where its own context must be saved.
  if (incoming.data != nullptr) static_cast<context_slot*>(incoming.data)->context = incoming.fctx;
}

#ifndef SCANLAB_FAST_JUMP
void switch_context(context_slot& from, context_slot& to) {
  announce_switch(from, to);
#ifdef SCANLAB_ASAN
  void* fake_stack = nullptr;
  leaving_slot = &from;
  __sanitizer_start_switch_fiber(&fake_stack, to.stack_bottom, to.stack_size);
  ctx::transfer_t back = jump(to.context, &from);
  finish_switch(back, fake_stack);  // we are `from` again, with our own fake stack
#else
  finish_switch(jump(to.context, &from), nullptr);
#endif
}

#endif

void abandon_to(context_slot& to) {
#ifdef SCANLAB_TSAN
  __tsan_switch_to_fiber(to.tsan_fiber, __tsan_switch_to_fiber_no_sync);
#endif
#ifdef SCANLAB_ASAN
  leaving_slot = nullptr;
  __sanitizer_start_switch_fiber(nullptr, to.stack_bottom, to.stack_size);
#endif
  jump(to.context, nullptr);
  __builtin_unreachable();
}

}  // namespace scanlab::cpu::detail
