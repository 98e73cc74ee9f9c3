# scanlab_add_catch_test(<name> BACKEND <gpu|cpu|cpu-asan|host> SOURCES ... [LABELS ...]
#                        [INCLUDES ...] [LINK ...] [DEFINES ...])
#
# One Catch2 executable, each TEST_CASE registered with CTest as "<backend>:<case>" and labelled
# with LABELS plus the backend, so `ctest -L lab3` or `ctest -L cpu` runs one slice. On a machine
# without a GPU the gpu tests exit with 77, which CTest reports as skipped.

set(SCANLAB_TEST_SUPPORT_DIR "${CMAKE_CURRENT_LIST_DIR}/../tests/support")
set(SCANLAB_CATCH_DISCOVER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/ScanlabCatchDiscover.cmake")

function(scanlab_add_catch_test name)
  cmake_parse_arguments(ARG "" "BACKEND" "SOURCES;LABELS;INCLUDES;LINK;DEFINES" ${ARGN})
  scanlab_add_cuda_target(${name}
    BACKEND ${ARG_BACKEND}
    KIND EXECUTABLE
    SOURCES ${ARG_SOURCES} "${SCANLAB_TEST_SUPPORT_DIR}/catch_main.cpp"
    INCLUDES ${ARG_INCLUDES} "${SCANLAB_TEST_SUPPORT_DIR}"
    LINK Catch2::Catch2 ${ARG_LINK}
    DEFINES SCANLAB_CATCH2_MAJOR=${SCANLAB_CATCH2_MAJOR} ${ARG_DEFINES})
  # Test cases are listed after each link (see ScanlabCatchDiscover.cmake); CTest includes the
  # result, or reports the executable as not built.
  set(cases_file "${CMAKE_CURRENT_BINARY_DIR}/${name}_cases.cmake")
  string(REPLACE ";" "," labels "${ARG_LABELS};${ARG_BACKEND}")
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXE=$<TARGET_FILE:${name}>" -D "PREFIX=${ARG_BACKEND}:"
            -D "LABELS=${labels}" -D "OUT=${cases_file}" -D "CATCH_MAJOR=${SCANLAB_CATCH2_MAJOR}"
            -P "${SCANLAB_CATCH_DISCOVER_SCRIPT}"
    BYPRODUCTS "${cases_file}"
    VERBATIM)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${name}_include.cmake")
  file(WRITE "${include_file}"
    "if(EXISTS [==[${cases_file}]==])\n  include([==[${cases_file}]==])\nelse()\n"
    "  add_test([==[${name}_NOT_BUILT]==] [==[${name}_NOT_BUILT]==])\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
