// Which sanitizer this translation unit works with (gcc and clang spell it differently).
//
// SCANLAB_ASAN: the runtime itself is built with AddressSanitizer (the cpu-asan flavour).
// SCANLAB_TSAN: the cpu-tsan flavour. There the runtime is *not* instrumented (its scheduler
// state is touched by every fiber in turn, which ThreadSanitizer would call racy), only the
// kernels are; the runtime tells TSan about fiber switches and about the happens-before edges
// that CUDA defines (block start and end, __syncthreads, warp collectives) through annotations.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define SCANLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCANLAB_ASAN 1
#endif
#endif

#if defined(SCANLAB_TSAN_ANNOTATIONS) || defined(__SANITIZE_THREAD__)
#define SCANLAB_TSAN 1
#endif

#ifdef SCANLAB_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#ifdef SCANLAB_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace scanlab::cpu::detail {

// Happens-before edges for ThreadSanitizer: every access a fiber made before happens_before_release(x)
// happens before every access another fiber makes after a later happens_before_acquire(x).
// No-ops in the other flavours.
inline void happens_before_release(void* sync_object) {
#ifdef SCANLAB_TSAN
  __tsan_release(sync_object);
#else
  (void)sync_object;
#endif
}
inline void happens_before_acquire(void* sync_object) {
#ifdef SCANLAB_TSAN
  __tsan_acquire(sync_object);
#else
  (void)sync_object;
#endif
}

}  // namespace scanlab::cpu::detail
