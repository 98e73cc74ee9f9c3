// main() of every lab check executable, compiled once per lab, variant and backend (so it includes
// nothing heavy): the lab comes from core's registry by its id, the scan from the library of the
// variant being checked (student, solution, ...).
#include <cstddef>

#include "check_identity.h"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_CHECK_VARIANT) || !defined(SCANLAB_CHECK_BACKEND)
#error "a lab check is built by scanlab_add_lab() (cmake/ScanlabLab.cmake), which defines the lab's id"
#endif

std::size_t scan_workspace_bytes(unsigned n);
void scan(const float* input, float* output, unsigned n, void* workspace);

int main(int argc, char** argv) {
  return scanlab::harness::check_main(scanlab::harness::this_check, {&scan_workspace_bytes, &scan}, argc, argv);
}
