// The lab_spec of the executable being built: the lab whose id cmake/ScanlabLab.cmake passes as
// SCANLAB_LAB_ID, from core's lab registry (labs/labs.json compiled in), with the variant and the
// backend the executable checks. Only check_main.cpp and the labs' own tests include this.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "scanlab/core/lab_registry.h"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_CHECK_VARIANT) || !defined(SCANLAB_CHECK_BACKEND)
#error "a lab check is built by scanlab_add_lab() (cmake/ScanlabLab.cmake), which defines the lab's id"
#endif

namespace scanlab::harness {

inline core::lab_spec spec_from_definitions() {
  const core::lab_entry* lab = core::find_lab(SCANLAB_LAB_ID);
  if (lab == nullptr) {
    std::fprintf(stderr, "scanlab: lab %d is not in the lab registry (labs/labs.json)\n", SCANLAB_LAB_ID);
    std::exit(2);
  }
  core::lab_spec spec = lab->spec;
  spec.variant = SCANLAB_CHECK_VARIANT;
  spec.backend = SCANLAB_CHECK_BACKEND;
  return spec;
}

}  // namespace scanlab::harness
