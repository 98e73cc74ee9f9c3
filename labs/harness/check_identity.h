// Which check an executable is: the lab's id, the variant and the backend, which
// cmake/ScanlabLab.cmake passes as compile definitions (SCANLAB_LAB_ID, SCANLAB_CHECK_VARIANT,
// SCANLAB_CHECK_BACKEND) to the few lines compiled once per check: check_main.cpp and the labs'
// test registration. Those include only this header; the lab's numbers are looked up in core's lab
// registry by the harness library, compiled once per backend.
#pragma once

#include "scan_functions.h"

namespace scanlab::harness {

struct check_identity {
  int lab_id;
  const char* variant;  // student, solution, advanced, mutant-<name>, ...
  const char* backend;  // gpu, cpu, cpu-asan
};

#if defined(SCANLAB_LAB_ID) && defined(SCANLAB_CHECK_VARIANT) && defined(SCANLAB_CHECK_BACKEND)
inline constexpr check_identity this_check{SCANLAB_LAB_ID, SCANLAB_CHECK_VARIANT, SCANLAB_CHECK_BACKEND};
#endif

// main() of a check executable (suite.cpp): the lab from the registry (exit 2 when it is not
// there), then check_main(spec, ...) of suite.h.
int check_main(const check_identity& check, const scan_functions& functions, int argc, char** argv);

}  // namespace scanlab::harness
