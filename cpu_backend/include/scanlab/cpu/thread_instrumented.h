// SCANLAB_THREAD_INSTRUMENTED: this translation unit is compiled with ThreadSanitizer's
// instrumentation (the cpu-tsan flavour, or the `cpu` flavour's access checks). GCC says so with
// __SANITIZE_THREAD__, clang only through __has_feature(thread_sanitizer).
#pragma once

#if defined(__SANITIZE_THREAD__)
#define SCANLAB_THREAD_INSTRUMENTED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SCANLAB_THREAD_INSTRUMENTED 1
#endif
#endif
