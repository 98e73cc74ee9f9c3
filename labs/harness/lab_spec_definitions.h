// The lab_spec of the executable being built, from the compile definitions that
// cmake/ScanlabLab.cmake reads out of labs/labs.json. Only check_main.cpp and the labs' tests
// (lab_cases_registration.cpp) include this.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "lab_spec.h"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_LAB_NAME) || !defined(SCANLAB_LAB_OUTPUT) ||   \
    !defined(SCANLAB_SECTION_SIZE) || !defined(SCANLAB_BLOCK_SIZE) || !defined(SCANLAB_ITEMS_PER_THREAD) || \
     !defined(SCANLAB_MAX_N) || !defined(SCANLAB_CPU_MAX_N) || \
    !defined(SCANLAB_TIME_LIMIT_S) || !defined(SCANLAB_CHECK_VARIANT) || !defined(SCANLAB_CHECK_BACKEND)
#error "a lab check is built by scanlab_add_lab() (cmake/ScanlabLab.cmake), which defines the lab's numbers"
#endif

namespace scanlab::harness {

inline lab_spec spec_from_definitions() {
  lab_spec spec;
  spec.id = SCANLAB_LAB_ID;
  spec.name = SCANLAB_LAB_NAME;
  if (!parse_output_kind(SCANLAB_LAB_OUTPUT, spec.output)) {
    std::fprintf(stderr, "scanlab: unknown lab output kind '%s'\n", SCANLAB_LAB_OUTPUT);
    std::exit(2);
  }
  spec.section_size = SCANLAB_SECTION_SIZE;
  spec.block_size = SCANLAB_BLOCK_SIZE;
  spec.items_per_thread = SCANLAB_ITEMS_PER_THREAD;
  spec.max_n = SCANLAB_MAX_N;
  spec.cpu_max_n = SCANLAB_CPU_MAX_N;
  spec.time_limit_s = SCANLAB_TIME_LIMIT_S;
  spec.variant = SCANLAB_CHECK_VARIANT;
  spec.backend = SCANLAB_CHECK_BACKEND;
  return spec;
}

}  // namespace scanlab::harness
