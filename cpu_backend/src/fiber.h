// Fibers on Boost.Context's fcontext primitives: a stack, a saved context, and a switch that
// tells AddressSanitizer about the stack change when the build uses it.
#pragma once

#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

#include "sanitizer.h"

// scanlab's own context switch (fiber.cpp) on x86-64 System V; Boost's make_fcontext and
// jump_fcontext elsewhere, in the sanitizer builds, and where SCANLAB_BOOST_FIBER_SWITCH asks.
#if defined(__x86_64__) && defined(__ELF__) && !defined(SCANLAB_ASAN) && !defined(SCANLAB_TSAN) && \
    !defined(SCANLAB_BOOST_FIBER_SWITCH)
#define SCANLAB_FAST_JUMP 1
#endif

namespace scanlab::cpu::detail {

namespace ctx = boost::context::detail;

// Where a suspended execution (a fiber, or the scheduler's own OS-thread stack) resumes.
struct context_slot {
  ctx::fcontext_t context = nullptr;
#ifdef SCANLAB_ASAN
  void* stack_bottom = nullptr;  // lowest usable address (for ASan's bookkeeping)
  std::size_t stack_size = 0;
#endif
#ifdef SCANLAB_TSAN
  void* tsan_fiber = nullptr;  // ThreadSanitizer's state of this execution (each fiber is a TSan thread)
#endif
};

// The stacks of all fibers of one scheduler, carved from one mapping. Layout matters for speed:
// every barrier touches the top of each of up to 1024 stacks, so the region is backed by huge
// pages where possible (few TLB entries) and each stack top is shifted by a different number of
// cache lines (page-aligned tops would all compete for the same L1 sets). The sanitizer build
// puts an inaccessible guard page below each stack instead, so overflows fault at once.
class stack_region {
 public:
  // huge_pages: back the region with huge pages (fast switches; 2 MiB per touched page).
  stack_region(unsigned count, std::size_t usable_bytes, bool huge_pages = true);
  ~stack_region();
  stack_region(const stack_region&) = delete;
  stack_region& operator=(const stack_region&) = delete;
  void* bottom(unsigned i) const;
  void* top(unsigned i) const;
  std::size_t size() const { return size_; }
  unsigned count() const { return count_; }
  // Stack overflow check for builds without guard pages: a pattern at the bottom of each stack.
  bool overflowed(unsigned i) const;
  // Writes stack i's canary pattern again (after an overflow was reported).
  void rearm(unsigned i);
  // True if `address` lies in the lowest page of some stack (a guard page, or the canary zone).
  bool near_bottom(const void* address) const;
  // True if `address` lies in the region: a local variable of some fiber.
  bool contains(const void* address) const {
    const char* c = static_cast<const char*>(address);
    return c >= mapping_ && c < mapping_ + mapping_size_;
  }
  static std::size_t top_offset(unsigned i);

 private:
  char* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  char* first_ = nullptr;
  std::size_t stride_ = 0;
  std::size_t size_ = 0;
  unsigned count_ = 0;
  bool spread_tops_ = true;
};

std::size_t default_fiber_stack_bytes();

// Prepare `slot` so that the next switch to it runs entry(transfer) on `stack`.
void make_context(context_slot& slot, const stack_region& stacks, unsigned index, void (*entry)(ctx::transfer_t));

#ifdef SCANLAB_FAST_JUMP
// Fast path (see fiber.cpp): inline, so that a resumed fiber returns through as few frames as
// possible. Each return after a switch is mispredicted (the return-stack buffer belongs to the
// fiber we left), so call depth between a barrier and the jump is the price of a switch.
extern "C" ctx::transfer_t scanlab_jump_fcontext(ctx::fcontext_t to, void* data);
[[gnu::always_inline]] inline void switch_context(context_slot& from, context_slot& to) {
  ctx::transfer_t back = scanlab_jump_fcontext(to.context, &from);
  if (back.data != nullptr) static_cast<context_slot*>(back.data)->context = back.fctx;
}
#else
// Suspend the current execution into `from` and resume `to`. Returns when something switches
// back to `from`.
void switch_context(context_slot& from, context_slot& to);
#endif

// Completes a switch on the side that was resumed: saves the context of the execution that left
// and, under ASan, restores our fake stack (nullptr on a fiber's first entry).
void finish_switch(ctx::transfer_t incoming, void* own_fake_stack);

// Leave a fiber for good (its stack is abandoned and will be re-made before reuse).
[[noreturn]] void abandon_to(context_slot& to);

}  // namespace scanlab::cpu::detail
