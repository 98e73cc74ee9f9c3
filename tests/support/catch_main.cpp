// main() for scanlab's Catch2 executables, for Catch2 v2 (single header) and v3 alike.
// Test executables built for the GPU exit with 77 (CTest: skipped) on a machine without one,
// except when Catch2 is only asked to list the tests (test discovery at build time).
#include <cstdio>
#include <cstring>

#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
// Catch2 wraps messages at this width: wide enough that a lab test's replay command stays on one
// line. (Catch2 v3 fixes the width when the library is built.)
#define CATCH_CONFIG_CONSOLE_WIDTH 200
#include <catch2/catch.hpp>
#endif

#if defined(SCANLAB_BACKEND_GPU) || defined(SCANLAB_BACKEND_CPU)
#include "scanlab/backend.h"
#endif

namespace {
bool only_listing(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--list", 6) == 0) return true;
  return false;
}
}  // namespace

int main(int argc, char* argv[]) {
#if defined(SCANLAB_BACKEND_GPU) || defined(SCANLAB_BACKEND_CPU)
  if (!only_listing(argc, argv) && !scanlab::backend::device_available()) {
    std::printf("SKIPPED: no usable GPU on this machine (%s backend test)\n", scanlab::backend::name());
    return 77;
  }
#else
  (void)only_listing;
#endif
  return Catch::Session().run(argc, argv);
}
