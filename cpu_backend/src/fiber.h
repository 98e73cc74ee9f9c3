// Fibers on Boost.Context's fcontext primitives: a stack, a saved context, and a switch that
// tells AddressSanitizer about the stack change when the build uses it.
#pragma once

#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace scanlab::cpu::detail {

namespace ctx = boost::context::detail;

// Where a suspended execution (a fiber, or the scheduler's own OS-thread stack) resumes.
struct context_slot {
  ctx::fcontext_t context = nullptr;
  void* stack_bottom = nullptr;  // lowest usable address (for ASan's bookkeeping)
  std::size_t stack_size = 0;
};

// An mmap'ed stack with an inaccessible guard page below it, so an overflow faults at once
// instead of corrupting the neighbouring fiber.
class fiber_stack {
 public:
  explicit fiber_stack(std::size_t usable_bytes);
  ~fiber_stack();
  fiber_stack(const fiber_stack&) = delete;
  fiber_stack& operator=(const fiber_stack&) = delete;
  void* bottom() const { return usable_; }
  void* top() const { return static_cast<char*>(usable_) + size_; }
  std::size_t size() const { return size_; }
  bool guard_contains(const void* address) const;

 private:
  void* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  void* usable_ = nullptr;
  std::size_t size_ = 0;
};

std::size_t default_fiber_stack_bytes();

// Prepare `slot` so that the next switch to it runs entry(transfer) on `stack`.
void make_context(context_slot& slot, const fiber_stack& stack, void (*entry)(ctx::transfer_t));

// Suspend the current execution into `from` and resume `to`. Returns when something switches
// back to `from`.
void switch_context(context_slot& from, context_slot& to);

// Completes a switch on the side that was resumed: saves the context of the execution that left
// and, under ASan, restores our fake stack (nullptr on a fiber's first entry).
void finish_switch(ctx::transfer_t incoming, void* own_fake_stack);

// Leave a fiber for good (its stack is abandoned and will be re-made before reuse).
[[noreturn]] void abandon_to(context_slot& to);

}  // namespace scanlab::cpu::detail
