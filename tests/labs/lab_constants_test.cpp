// A lab's read-only header (labs/<name>/lab.h, what scan.cu includes) agrees with its entry in
// labs/labs.json, as core's lab registry has it (what the harness, the dataset generator and the
// grader read): compiled once per lab with that lab's lab.h and its id (SCANLAB_LAB_ID). A
// runtime check, not a static_assert, so that a mismatch is a failed test naming both values
// rather than a build that stops.
//
//   BLOCK_SIZE        == "block_size"
//   ITEMS_PER_THREAD  == "items_per_thread"
//   COARSE_FACTOR     == "items_per_thread"                  (where lab.h has one)
//   SECTION_SIZE      == "section_size", or for a whole-array lab (section_size 0) the elements of
//                        one block, block_size x items_per_thread  (where lab.h has one)
#include "lab.h"
#include "scanlab/core/lab_registry.h"
#include "scanlab_catch.hpp"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_LAB_TAG)
#error "compile with the lab's id, see tests/labs/CMakeLists.txt"
#endif

namespace {

TEST_CASE(SCANLAB_LAB_TAG " constants: lab.h agrees with labs/labs.json", "[labs][constants]") {
  const scanlab::core::lab_entry* lab = scanlab::core::find_lab(SCANLAB_LAB_ID);
  REQUIRE(lab != nullptr);
  const scanlab::core::lab_spec& spec = lab->spec;
  INFO("labs/" << spec.name << "/lab.h against the lab's entry in labs/labs.json");
  CHECK(BLOCK_SIZE == spec.block_size);
  CHECK(ITEMS_PER_THREAD == spec.items_per_thread);
#if SCANLAB_LAB_H_HAS_COARSE_FACTOR
  CHECK(COARSE_FACTOR == spec.items_per_thread);
#endif
#if SCANLAB_LAB_H_HAS_SECTION_SIZE
  if (spec.section_size != 0)
    CHECK(SECTION_SIZE == spec.section_size);
  else
    CHECK(SECTION_SIZE == spec.block_size * spec.items_per_thread);
#else
  CHECK(spec.section_size == 0u);  // a sectioned lab's students need SECTION_SIZE
#endif
}

}  // namespace
