# The untouched stubs (labs/*/scan.cu as shipped: they compile and write nothing) must score zero in
# every lab: passing n = 0 alone earns no points. Grades every lab on the CPU backend.
# Run as: cmake -DSCANLAB=<bin/scanlab> -DLABS=<labs dir> -DRUBRIC=<file> -DWORK=<dir> -P run_stubs.cmake
set(results "${WORK}/untouched-stubs.json")
file(REMOVE "${results}")
execute_process(
  COMMAND "${SCANLAB}" grade --submission "${LABS}" --backend cpu --rubric "${RUBRIC}" --seed 12345 --jobs 2
          --results "${results}" --no-colour
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 280)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scanlab grade exited with ${rc}: ${err}")
endif()
file(READ "${results}" json)
string(JSON labs LENGTH "${json}" extra_data result labs)
if(labs LESS 8)
  message(FATAL_ERROR "expected every lab to be graded, got ${labs}")
endif()
math(EXPR last "${labs} - 1")
foreach(l RANGE ${last})
  string(JSON id GET "${json}" extra_data result labs ${l} id)
  string(JSON count LENGTH "${json}" extra_data result labs ${l} tests)
  math(EXPR last_test "${count} - 1")
  foreach(t RANGE ${last_test})
    string(JSON score GET "${json}" extra_data result labs ${l} tests ${t} score)
    string(JSON name GET "${json}" extra_data result labs ${l} tests ${t} name)
    if(NOT score EQUAL 0)
      message(FATAL_ERROR "the untouched stub of lab ${id} scores ${score} in '${name}'")
    endif()
  endforeach()
endforeach()
message(STATUS "the untouched stubs score 0 in every lab")
