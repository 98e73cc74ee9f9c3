// main() of every lab check executable: the lab comes from core's registry (its id is a compile
// definition, see lab_spec_definitions.h), the scan from the library of the variant being checked
// (student, solution, ...).
#include <cstddef>

#include "lab_spec_definitions.h"
#include "suite.h"

std::size_t scan_workspace_bytes(unsigned n);
void scan(const float* input, float* output, unsigned n, void* workspace);

int main(int argc, char** argv) {
  return scanlab::harness::check_main(scanlab::harness::spec_from_definitions(), {&scan_workspace_bytes, &scan},
                                      argc, argv);
}
