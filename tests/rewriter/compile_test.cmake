# cmake -DCU2CPP=... -DCXX=... -DINCLUDE_DIR=<cpu_backend/include> -DSOURCE=<x.cu>
#       -DWORK_DIR=... -P compile_test.cmake
# Rewrites SOURCE and has the C++ compiler check the result against the CPU backend headers.

file(MAKE_DIRECTORY "${WORK_DIR}")
get_filename_component(name "${SOURCE}" NAME_WE)
execute_process(COMMAND "${CU2CPP}" "${SOURCE}" -o "${WORK_DIR}/${name}.cpp"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scanlab-cu2cpp failed (${rc}):\n${err}")
endif()
execute_process(COMMAND "${CXX}" -std=c++20 -fsyntax-only -I "${INCLUDE_DIR}" "${WORK_DIR}/${name}.cpp"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the rewritten ${name}.cpp does not compile:\n${err}")
endif()
