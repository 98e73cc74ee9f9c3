# cmake -DCU2CPP=<scanlab-cu2cpp> -DWORK_DIR=<scratch dir> -P cli_test.cmake
# Checks the command-line contract: exit status, gcc-style errors on stderr, output and depfile.

# expect(<if() condition words...> MESSAGE <text>): fail the test unless the condition holds.
function(expect)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "MESSAGE" "")
  if(NOT (${arg_UNPARSED_ARGUMENTS}))
    message(FATAL_ERROR "${arg_MESSAGE}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/out")

# A rewrite error: exit 1, "file:line:col: error: message", no output written.
file(WRITE "${WORK_DIR}/bad.cu" "__global__ void k() {\n  __shared__ int counter = 0;\n}\n")
execute_process(COMMAND "${CU2CPP}" "${WORK_DIR}/bad.cu" -o "${WORK_DIR}/out/bad.cpp"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
expect(rc EQUAL 1 MESSAGE "rewrite error should exit 1, got ${rc}")
string(FIND "${err}" "${WORK_DIR}/bad.cu:2:26: error: __shared__ variables cannot have initializers" at)
expect(NOT at EQUAL -1 MESSAGE "unexpected stderr: ${err}")
expect(NOT EXISTS ${WORK_DIR}/out/bad.cpp MESSAGE "no output should be written on error")

# Success: output and a depfile naming the inlined header (found through -I).
file(WRITE "${WORK_DIR}/inc/helper.cuh" "#pragma once\n__device__ int helper() { return 1; }\n")
file(WRITE "${WORK_DIR}/good.cu" "#include \"helper.cuh\"\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n")
execute_process(COMMAND "${CU2CPP}" "${WORK_DIR}/good.cu" -o "${WORK_DIR}/out/good.cpp"
  --depfile "${WORK_DIR}/out/good.d" -I "${WORK_DIR}/inc"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
expect(rc EQUAL 0 MESSAGE "rewrite should succeed, got ${rc}: ${err}")
file(READ "${WORK_DIR}/out/good.cpp" cpp)
string(FIND "${cpp}" "::scanlab::cpu::launch(" at)
expect(NOT at EQUAL -1 MESSAGE "output lacks the rewritten launch: ${cpp}")
file(READ "${WORK_DIR}/out/good.d" dep)
set(want "${WORK_DIR}/out/good.cpp: ${WORK_DIR}/good.cu ${WORK_DIR}/inc/helper.cuh\n")
expect(dep STREQUAL want MESSAGE "depfile is\n${dep}\nexpected\n${want}")

# Bad usage: exit 2 with the usage line.
execute_process(COMMAND "${CU2CPP}" "${WORK_DIR}/good.cu" RESULT_VARIABLE rc ERROR_VARIABLE err)
expect(rc EQUAL 2 MESSAGE "missing -o should exit 2, got ${rc}")
