# Grades one known-wrong (or known-right) submission through `scanlab grade` on the CPU backend
# and checks results.json against the submission's expect.json:
#   lab        the lab graded
#   test       the test kind (edge, random, large, race, barrier, memory, progress) to look at
#   diagnosis  its expected diagnosis ("" = any)
#   contains   text its output must contain
#   passed     (optional) true: the test must pass with full points
#   message    (optional) text the submission-level output must contain
# Run as: cmake -DSCANLAB=<bin/scanlab> -DSUBMISSION=<dir> -DRUBRIC=<file> -DWORK=<dir> -P run_submission.cmake
file(READ "${SUBMISSION}/expect.json" expect)
string(JSON lab GET "${expect}" lab)
string(JSON kind GET "${expect}" test)
string(JSON diagnosis GET "${expect}" diagnosis)
string(JSON contains GET "${expect}" contains)
string(JSON must_pass ERROR_VARIABLE no_passed GET "${expect}" passed)
string(JSON message ERROR_VARIABLE no_message GET "${expect}" message)

get_filename_component(name "${SUBMISSION}" NAME)
set(results "${WORK}/${name}.json")
file(REMOVE "${results}")
execute_process(
  COMMAND "${SCANLAB}" grade --submission "${SUBMISSION}" --lab ${lab} --backend cpu --rubric "${RUBRIC}"
          --seed 12345 --jobs 1 --results "${results}" --no-colour
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 170)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scanlab grade exited with ${rc} (grading must complete): ${err}")
endif()
file(READ "${results}" json)
string(JSON count LENGTH "${json}" tests)
math(EXPR last "${count} - 1")
set(found FALSE)
foreach(i RANGE ${last})
  string(JSON test_kind GET "${json}" tests ${i} extra_data kind)
  if(NOT test_kind STREQUAL kind)
    continue()
  endif()
  set(found TRUE)
  string(JSON got_diagnosis GET "${json}" tests ${i} extra_data diagnosis)
  string(JSON output GET "${json}" tests ${i} output)
  string(JSON score GET "${json}" tests ${i} score)
  string(JSON max GET "${json}" tests ${i} max_score)
  if(NOT diagnosis STREQUAL "" AND NOT got_diagnosis STREQUAL diagnosis)
    message(FATAL_ERROR "${name}: lab ${lab} ${kind}: diagnosis '${got_diagnosis}', expected '${diagnosis}'\n${output}")
  endif()
  string(FIND "${output}" "${contains}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: lab ${lab} ${kind}: output lacks '${contains}':\n${output}")
  endif()
  if(must_pass)
    if(NOT score EQUAL max OR max EQUAL 0)
      message(FATAL_ERROR "${name}: lab ${lab} ${kind}: ${score}/${max}, expected full points\n${output}")
    endif()
  elseif(NOT diagnosis STREQUAL "" AND NOT score LESS max)
    message(FATAL_ERROR "${name}: lab ${lab} ${kind}: full points (${score}) for a failing test")
  endif()
endforeach()
if(NOT found)
  message(FATAL_ERROR "${name}: results.json has no '${kind}' test for lab ${lab}")
endif()
# ERROR_VARIABLE is "NOTFOUND" when the key exists (no error), an error text otherwise.
if(no_message STREQUAL "NOTFOUND")
  string(JSON header GET "${json}" output)
  string(FIND "${header}" "${message}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: the submission's output lacks '${message}':\n${header}")
  endif()
endif()
message(STATUS "${name}: lab ${lab} ${kind}: diagnosis '${got_diagnosis}' as expected")
