// The lab-specific part of a lab's Catch2 test executable: the lab (its id a compile definition,
// as for the check executable; its numbers from core's lab registry) and the scan of the linked
// variant. Kept free of Catch2 and of the harness's headers: it is compiled once per lab, variant
// and backend.
#include <cstddef>

#include "lab_cases.h"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_CHECK_VARIANT) || !defined(SCANLAB_CHECK_BACKEND)
#error "a lab's test executable is built by tests/labs/CMakeLists.txt with its check's definitions"
#endif

#ifndef SCANLAB_CHECK_EXECUTABLE
#error "SCANLAB_CHECK_EXECUTABLE: the lab's check executable, which replay commands name"
#endif

std::size_t scan_workspace_bytes(unsigned n);
void scan(const float* input, float* output, unsigned n, void* workspace);

#if defined(__SANITIZE_ADDRESS__)
// The cpu-asan checks run with ASAN_OPTIONS=detect_leaks=0 (their replay commands say so): they
// look for out-of-bounds accesses, and device memory a scan never frees is no failure of the lab.
// The tests do the same; ASAN_OPTIONS in the environment still overrides this.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
#endif

namespace {
// During static initialisation, before Catch2's main() lists or runs anything.
const bool registered = [] {
  scanlab::lab_tests::register_lab_cases(scanlab::harness::this_check, {&scan_workspace_bytes, &scan},
                                         SCANLAB_CHECK_EXECUTABLE);
  return true;
}();
}  // namespace
