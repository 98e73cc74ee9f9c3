# cmake -DOUT_DIR=<folder> -P check_patches.cmake
#
# Applies every tests/mutants/<lab name>/<mutation>.mutant to the reference solution it names, into
# OUT_DIR/<lab name>/<mutation>.cu, and the grader's known-wrong submissions that are patches
# (tests/grader/submissions/<name>/<lab name>/scan.cu.mutant) into OUT_DIR/grader-submissions/, and
# fails listing every patch that no longer applies. Configure fails on the first such patch anyway;
# this test (mutants:patches-apply) names them all, and runs in builds that skip the mutants' checks
# (no CPU backend) or the grader's tests.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED OUT_DIR)
  message(FATAL_ERROR "check_patches.cmake: -DOUT_DIR=... is missing")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/mutant_patch.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../grader/generate_submissions.cmake")
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

# The known-wrong submissions: the same patcher, through the function that builds their folder.
set(mutant_count ${total})
scanlab_generate_grader_submissions("${root}/tests/grader/submissions" "${root}/solutions"
                                    "${OUT_DIR}/grader-submissions" submission_patches broken_submissions
                                    submission_errors)
if(submission_patches EQUAL 0)
  message(FATAL_ERROR "check_patches.cmake: no tests/grader/submissions/*/*/*.mutant found")
endif()
if(broken_submissions GREATER 0)
  string(REPLACE "\n" "\n  " submission_errors "${submission_errors}")
  string(APPEND failures "\n  ${submission_errors}\n")
endif()
math(EXPR total "${total} + ${submission_patches}")
math(EXPR applied "${applied} + ${submission_patches} - ${broken_submissions}")

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${applied} of ${total} patches (mutants and known-wrong submissions) apply; these do not:\n${failures}")  # indented: not re-wrapped
endif()
message("all ${total} patches apply to their reference solutions: ${mutant_count} mutants (written to ${OUT_DIR}) "
        "and ${submission_patches} known-wrong submissions (written to ${OUT_DIR}/grader-submissions)")
