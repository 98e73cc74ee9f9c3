# cmake -DOUT_DIR=<folder> -P check_patches.cmake
#
# Applies every tests/mutants/<lab name>/<mutation>.mutant to the reference solution it names, into
# OUT_DIR/<lab name>/<mutation>.cu, and fails listing every mutant that no longer applies. Configure
# fails on the first such mutant anyway; this test (mutants:patches-apply) names them all, and
# runs in builds that skip the mutants' checks (no CPU backend).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED OUT_DIR)
  message(FATAL_ERROR "check_patches.cmake: -DOUT_DIR=... is missing")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/mutant_patch.cmake")
get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/../.." REALPATH)

file(GLOB mutants "${CMAKE_CURRENT_LIST_DIR}/*/*.mutant")
list(FILTER mutants EXCLUDE REGEX "/format_fixtures/")  # the format's own test cases, broken on purpose
list(SORT mutants)
set(failures "")
set(applied 0)
foreach(mutant IN LISTS mutants)
  get_filename_component(lab_dir "${mutant}" DIRECTORY)
  get_filename_component(lab "${lab_dir}" NAME)
  get_filename_component(mutation "${mutant}" NAME_WE)
  scanlab_mutant_reference("${mutant}" "${root}/solutions/${lab}" reference error)
  if(NOT error)
    scanlab_mutant_apply("${mutant}" "${reference}" "${OUT_DIR}/${lab}/${mutation}.cu" error)
  endif()
  if(error)
    string(REPLACE "\n" "\n  " error "${error}")
    string(APPEND failures "\n  ${error}\n")
  else()
    math(EXPR applied "${applied} + 1")
  endif()
endforeach()

list(LENGTH mutants total)
if(total EQUAL 0)
  message(FATAL_ERROR "check_patches.cmake: no tests/mutants/*/*.mutant found")
endif()
if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${applied} of ${total} mutants apply; these do not:\n${failures}")  # indented: not re-wrapped
endif()
message("all ${total} mutants apply to their reference solutions (written to ${OUT_DIR})")
