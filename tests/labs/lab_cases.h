// A lab's check as Catch2 test cases. One test executable per (lab, variant, backend) links the
// variant's code library (the same one its check executable links), lab_cases_registration.cpp
// (compiled with the lab's id) and lab_cases_test.cpp (compiled once per backend).
#pragma once

#include "harness/check_identity.h"

namespace scanlab::lab_tests {

// Registers the test cases "lab<id> <variant>: <group>" (edge sizes, random sizes, ...), each
// running its share of the harness's cases, tagged [lab<id>][<backend>][solutions]. Called once,
// while the executable is initialised; `check_executable` is what replay commands name.
void register_lab_cases(const harness::check_identity& check, const harness::scan_functions& functions,
                        const char* check_executable);

}  // namespace scanlab::lab_tests
