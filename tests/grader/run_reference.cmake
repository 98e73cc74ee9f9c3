# The reference solutions (solutions/) graded as one submission on the CPU backend: every
# graded test must have full points. Run as:
#   cmake -DSCANLAB=<bin/scanlab> -DSOLUTIONS=<dir> -DRUBRIC=<file> -DWORK=<dir> [-DLABS="1;2"] -P run_reference.cmake
set(results "${WORK}/reference.json")
set(lab_args "")
foreach(lab IN LISTS LABS)
  list(APPEND lab_args --lab ${lab})
endforeach()
execute_process(
  COMMAND "${SCANLAB}" grade --submission "${SOLUTIONS}" ${lab_args} --backend cpu --rubric "${RUBRIC}" --jobs 2
          --results "${results}" --no-colour
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 280)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scanlab grade exited with ${rc}: ${err}")
endif()
file(READ "${results}" json)
string(JSON score GET "${json}" score)
string(JSON count LENGTH "${json}" tests)
math(EXPR last "${count} - 1")
set(max 0)
foreach(i RANGE ${last})
  string(JSON m GET "${json}" tests ${i} max_score)
  string(JSON s GET "${json}" tests ${i} score)
  string(JSON n GET "${json}" tests ${i} name)
  if(NOT s EQUAL m)
    string(JSON o GET "${json}" tests ${i} output)
    message(FATAL_ERROR "reference solution: ${n}: ${s}/${m}\n${o}")
  endif()
endforeach()
message(STATUS "reference solutions: full marks (${score})")
