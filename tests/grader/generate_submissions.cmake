# The grader's known-wrong submissions as they are graded. tests/grader/submissions/<name>/ holds
# expect.json and the submission's files; a submission that is a reference solution with a
# deliberate bug holds only the bug, as <lab name>/scan.cu.mutant (tests/mutants/README.md gives the
# format), so that a change of the reference reaches it by itself. This file writes the graded
# folder: every submission with its patches applied to today's solutions/<lab name>/scan.cu, and
# its other files (expect.json, files written from scratch) copied as they are.
#
# Included by tests/grader/CMakeLists.txt at configure time (into <build>/tests/grader/submissions)
# and by tests/mutants/check_patches.cmake; to grade the submissions without a configured build
# (a GPU machine's bench scripts), run it as a script:
#
#   cmake -DOUT_DIR=<folder> -P tests/grader/generate_submissions.cmake

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.25)  # script mode: today's policies
endif()
include("${CMAKE_CURRENT_LIST_DIR}/../mutants/mutant_patch.cmake")  # the one patcher

# scanlab_generate_grader_submissions(<submissions dir> <solutions dir> <out dir> <patches var>
#                                     <broken var> <error var>)
# Writes <out dir>/<name>/... for every folder <name> of <submissions dir>: `X.mutant` becomes X,
# the patch applied to <solutions dir>/<lab name>/scan.cu (<lab name>: the folder the patch is in);
# any other file is copied. Files are written only when their content changes, and what no longer
# comes from <submissions dir> is removed, so that the folder holds exactly today's submissions.
# Sets <patches var> to the number of patches, <broken var> to the number of those that do not
# apply, and <error var> to their messages, one paragraph each (empty when all apply): a broken
# patch stops nothing here, the caller decides.
function(scanlab_generate_grader_submissions source solutions out patches_var broken_var error_var)
  cmake_path(IS_PREFIX source "${out}" NORMALIZE inside)
  if(inside)
    message(FATAL_ERROR "generate_submissions.cmake: the generated folder ${out} lies in ${source}, which it would overwrite")
  endif()
  set(depends "")
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set(depends CONFIGURE_DEPENDS)  # a submission added or removed re-runs configure
  endif()
  file(GLOB_RECURSE files ${depends} LIST_DIRECTORIES false RELATIVE "${source}" "${source}/*")
  list(FILTER files INCLUDE REGEX "/")  # inside a submission's folder (not a README beside them)
  list(SORT files)
  set(errors "")
  set(patches 0)
  set(broken 0)
  set(written "")
  foreach(file IN LISTS files)
    if(file MATCHES "^(.*)\\.mutant$")
      set(target "${out}/${CMAKE_MATCH_1}")
      math(EXPR patches "${patches} + 1")
      get_filename_component(lab_dir "${source}/${file}" DIRECTORY)
      get_filename_component(lab "${lab_dir}" NAME)
      scanlab_mutant_reference("${source}/${file}" "${solutions}/${lab}" reference error)
      if(NOT error)
        scanlab_mutant_apply("${source}/${file}" "${reference}" "${target}" error)
      endif()
      if(error)
        math(EXPR broken "${broken} + 1")
        if(NOT errors STREQUAL "")
          string(APPEND errors "\n\n")
        endif()
        string(APPEND errors "${error}")
        continue()
      endif()
      if(NOT CMAKE_SCRIPT_MODE_FILE)
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${source}/${file}" "${reference}")
      endif()
    else()
      set(target "${out}/${file}")
      configure_file("${source}/${file}" "${target}" COPYONLY)  # also a configure dependency
    endif()
    list(APPEND written "${target}")
  endforeach()
  _scanlab_prune_generated_submissions("${out}" "${written}")
  set(${patches_var} ${patches} PARENT_SCOPE)
  set(${broken_var} ${broken} PARENT_SCOPE)
  set(${error_var} "${errors}" PARENT_SCOPE)
endfunction()

# Removes from <out> what no longer comes from the submissions (a submission deleted, or turned into a
# patch): scripts glob the generated folder (jail_exploits.py takes every jail_*). Only inside
# folders holding an expect.json, so that a mistaken OUT_DIR loses nothing that is not a submission.
function(_scanlab_prune_generated_submissions out kept)
  file(GLOB candidates LIST_DIRECTORIES true "${out}/*")
  foreach(folder IN LISTS candidates)
    if(NOT EXISTS "${folder}/expect.json")
      continue()
    endif()
    file(GLOB_RECURSE present LIST_DIRECTORIES false "${folder}/*")
    foreach(path IN LISTS present)
      if(NOT path IN_LIST kept)
        file(REMOVE "${path}")
      endif()
    endforeach()
    file(GLOB_RECURSE inner LIST_DIRECTORIES true "${folder}/*")
    list(APPEND inner "${folder}")
    list(SORT inner ORDER DESCENDING)  # a folder's subfolders before it
    foreach(path IN LISTS inner)
      file(GLOB entries LIST_DIRECTORIES true "${path}/*")
      if(IS_DIRECTORY "${path}" AND NOT entries)
        file(REMOVE_RECURSE "${path}")  # empty: REMOVE would not take a folder
      endif()
    endforeach()
  endforeach()
endfunction()

# The same, for configure and the script: stops with the message of every patch that does not apply.
function(scanlab_generate_grader_submissions_or_fail source solutions out)
  scanlab_generate_grader_submissions("${source}" "${solutions}" "${out}" patches broken errors)
  if(broken GREATER 0)
    string(REPLACE "\n" "\n  " errors "${errors}")  # indented: CMake prints such lines as they are
    message(FATAL_ERROR "${broken} of ${patches} known-wrong submissions' patches do not apply:\n  ${errors}\n")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT DEFINED OUT_DIR)
    message(FATAL_ERROR "generate_submissions.cmake: -DOUT_DIR=<folder> is missing")
  endif()
  get_filename_component(_root "${CMAKE_CURRENT_LIST_DIR}/../.." REALPATH)
  get_filename_component(_out "${OUT_DIR}" ABSOLUTE)
  scanlab_generate_grader_submissions_or_fail("${_root}/tests/grader/submissions" "${_root}/solutions" "${_out}")
  message("the grader's known-wrong submissions: ${_out}")
endif()
