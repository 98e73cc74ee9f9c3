#include "fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "sanitizer.h"

namespace scanlab::cpu::detail {

namespace {
std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

#ifdef SCANLAB_ASAN
thread_local context_slot* leaving_slot = nullptr;
#endif
}  // namespace

std::size_t default_fiber_stack_bytes() {
  // ASan's redzones and fake frames need far more room than plain kernels (ANCHORS: 64 KiB).
#ifdef SCANLAB_ASAN
  return 256 * 1024;
#else
  return 128 * 1024;
#endif
}

fiber_stack::fiber_stack(std::size_t usable_bytes) {
  const std::size_t page = page_size();
  size_ = (usable_bytes + page - 1) / page * page;
  mapping_size_ = size_ + page;
  mapping_ = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1, 0);
  if (mapping_ == MAP_FAILED) {
    std::fprintf(stderr, "scanlab-cpu: cannot map a %zu-byte fiber stack\n", mapping_size_);
    std::abort();
  }
  mprotect(mapping_, page, PROT_NONE);  // guard page: stacks grow down into it
  usable_ = static_cast<char*>(mapping_) + page;
}

fiber_stack::~fiber_stack() { munmap(mapping_, mapping_size_); }

bool fiber_stack::guard_contains(const void* address) const {
  auto* a = static_cast<const char*>(address);
  auto* guard = static_cast<const char*>(mapping_);
  return a >= guard && a < guard + page_size();
}

void make_context(context_slot& slot, const fiber_stack& stack, void (*entry)(ctx::transfer_t)) {
  slot.context = ctx::make_fcontext(stack.top(), stack.size(), entry);
  slot.stack_bottom = stack.bottom();
  slot.stack_size = stack.size();
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

void switch_context(context_slot& from, context_slot& to) {
#ifdef SCANLAB_ASAN
  void* fake_stack = nullptr;
  leaving_slot = &from;
  __sanitizer_start_switch_fiber(&fake_stack, to.stack_bottom, to.stack_size);
  ctx::transfer_t back = ctx::jump_fcontext(to.context, &from);
  finish_switch(back, fake_stack);  // we are `from` again, with our own fake stack
#else
  finish_switch(ctx::jump_fcontext(to.context, &from), nullptr);
#endif
}

void abandon_to(context_slot& to) {
#ifdef SCANLAB_ASAN
  leaving_slot = nullptr;
  __sanitizer_start_switch_fiber(nullptr, to.stack_bottom, to.stack_size);
#endif
  ctx::jump_fcontext(to.context, nullptr);
  __builtin_unreachable();
}

}  // namespace scanlab::cpu::detail
