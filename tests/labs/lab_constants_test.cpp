// A lab's read-only header (labs/<name>/lab.h, what scan.cu includes) agrees with its entry in
// labs/labs.json (what the harness, the dataset generator, the grader and the docs read): compiled
// once per lab with that lab's lab.h and the numbers scanlab_add_lab took from labs.json
// (SCANLAB_BLOCK_SIZE, ...). A runtime check, not a static_assert, so that a mismatch is a failed
// test naming both values rather than a build that stops.
//
//   BLOCK_SIZE        == "block_size"
//   ITEMS_PER_THREAD  == "items_per_thread"
//   COARSE_FACTOR     == "items_per_thread"                  (where lab.h has one)
//   SECTION_SIZE      == "section_size", or for a whole-array lab (section_size 0) the elements of
//                        one block, block_size x items_per_thread  (where lab.h has one)
#include "lab.h"
#include "scanlab_catch.hpp"

#if !defined(SCANLAB_LAB_ID) || !defined(SCANLAB_BLOCK_SIZE) || !defined(SCANLAB_ITEMS_PER_THREAD) || \
    !defined(SCANLAB_SECTION_SIZE) || !defined(SCANLAB_LAB_TAG)
#error "compile with the lab's definitions from labs.json, see tests/labs/CMakeLists.txt"
#endif

namespace {

TEST_CASE(SCANLAB_LAB_TAG " constants: lab.h agrees with labs/labs.json", "[labs][constants]") {
  INFO("labs/" SCANLAB_LAB_NAME "/lab.h against the lab's entry in labs/labs.json");
  CHECK(BLOCK_SIZE == SCANLAB_BLOCK_SIZE);
  CHECK(ITEMS_PER_THREAD == SCANLAB_ITEMS_PER_THREAD);
#if SCANLAB_LAB_H_HAS_COARSE_FACTOR
  CHECK(COARSE_FACTOR == SCANLAB_ITEMS_PER_THREAD);
#endif
#if SCANLAB_LAB_H_HAS_SECTION_SIZE
  if (SCANLAB_SECTION_SIZE != 0)
    CHECK(SECTION_SIZE == SCANLAB_SECTION_SIZE);
  else
    CHECK(SECTION_SIZE == SCANLAB_BLOCK_SIZE * SCANLAB_ITEMS_PER_THREAD);
#else
  CHECK(SCANLAB_SECTION_SIZE == 0u);  // a sectioned lab's students need SECTION_SIZE
#endif
}

}  // namespace
