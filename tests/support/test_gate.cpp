// The part of main() that depends on the backend, compiled once per backend (it is small; the
// Catch2 main in catch_main.cpp is shared). Test executables built for the GPU exit with 77
// (CTest: skipped) on a machine without one, except when Catch2 is only asked to list the tests
// (test discovery at build time).
#include "test_gate.h"

#include <cstdio>
#include <cstring>

#if defined(SCANLAB_BACKEND_GPU) || defined(SCANLAB_BACKEND_CPU)
#include "scanlab/backend.h"
#endif

namespace scanlab {
namespace {
[[maybe_unused]] bool only_listing(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--list", 6) == 0) return true;
  return false;
}
}  // namespace

int test_gate([[maybe_unused]] int argc, [[maybe_unused]] char* argv[]) {
#if defined(SCANLAB_BACKEND_GPU) || defined(SCANLAB_BACKEND_CPU)
  if (!only_listing(argc, argv) && !scanlab::backend::device_available()) {
    std::printf("SKIPPED: no usable GPU on this machine (%s backend test)\n", scanlab::backend::name());
    return 77;
  }
#endif
  return 0;
}

}  // namespace scanlab
