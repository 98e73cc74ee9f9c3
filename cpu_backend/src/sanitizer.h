// Whether this translation unit is built with AddressSanitizer (gcc and clang spell it differently).
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define SCANLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCANLAB_ASAN 1
#endif
#endif

#ifdef SCANLAB_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
