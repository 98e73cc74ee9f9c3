# cmake -DWORK_DIR=<scratch folder> -P test_mutant_patch.cmake      (CTest: mutants:patch-format)
#
# The mutant format's own test, on the small fixtures in format_fixtures/: a good mutant must give
# the reference byte for byte outside its blocks, and each broken one must stop mutant_patch.cmake
# with a message that names the mutant, the line of its block and what is wrong -- the message a
# maintainer reads when a change of a reference solution breaks a mutant.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED WORK_DIR)
  message(FATAL_ERROR "test_mutant_patch.cmake: -DWORK_DIR=... is missing")
endif()
set(fixtures "${CMAKE_CURRENT_LIST_DIR}/format_fixtures")
set(script "${CMAKE_CURRENT_LIST_DIR}/mutant_patch.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(problems "")

# apply(<fixture name> <out: exit status> <out: output>)
function(apply name rc_var output_var)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" "-DMUTANT=${fixtures}/${name}.mutant" "-DREFERENCE=${fixtures}/reference.cu"
            "-DOUTPUT=${WORK_DIR}/${name}.cu" -P "${script}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${output_var} "${out}" PARENT_SCOPE)
endfunction()

# The good mutant: applies, and gives exactly the expected file.
apply(good rc out)
if(NOT rc EQUAL 0)
  string(APPEND problems "good.mutant did not apply:\n${out}\n")
else()
  file(READ "${fixtures}/good_expected.cu" expected)
  file(READ "${WORK_DIR}/good.cu" got)
  if(NOT got STREQUAL expected)
    string(APPEND problems "good.mutant gave a file other than good_expected.cu:\n${got}\n")
  endif()
  # Applying again leaves the file alone (nothing is rebuilt after a configure that changed nothing).
  file(TIMESTAMP "${WORK_DIR}/good.cu" before "%s%f")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)
  apply(good rc out)
  file(TIMESTAMP "${WORK_DIR}/good.cu" after "%s%f")
  if(NOT before STREQUAL after)
    string(APPEND problems "good.mutant applied again rewrote its unchanged output\n")
  endif()
endif()

# Each broken fixture and the message it must give: the mutant's name and line, then the reason.
foreach(case
    "not_in_reference|not_in_reference\\.mutant:4: these lines are not in [^\n]*reference\\.cu:\n +if \\(i >= n\\)\n +The reference changed there"
    "twice_in_reference|twice_in_reference\\.mutant:4: these lines occur more than once in .*reference\\.cu \\(lines 6 and 8\\)"
    "unmarked|unmarked\\.mutant: no `// MUTATION:` comment"
    "out_of_order|out_of_order\\.mutant:9: this block overlaps the previous one or comes before it"
    "unterminated|unterminated\\.mutant:4: this block has no `@@ end`"
    "stray_code|stray_code\\.mutant:4: outside a block only `//` comments and blank lines may stand")
  string(FIND "${case}" "|" bar)
  string(SUBSTRING "${case}" 0 ${bar} name)
  math(EXPR bar "${bar} + 1")
  string(SUBSTRING "${case}" ${bar} -1 regex)
  apply(${name} rc out)
  if(rc EQUAL 0)
    string(APPEND problems "${name}.mutant applied, but must not\n")
  elseif(NOT out MATCHES "mutant does not apply:" OR NOT out MATCHES "${regex}")
    string(APPEND problems "${name}.mutant: the message does not match /${regex}/:\n${out}\n")
  elseif(EXISTS "${WORK_DIR}/${name}.cu")
    string(APPEND problems "${name}.mutant failed but still wrote ${name}.cu\n")
  endif()
endforeach()

if(problems)
  message(FATAL_ERROR "the mutant format's checks failed:\n${problems}")
endif()
message("mutant format: the good fixture applies byte for byte, and 6 broken ones give their messages")
