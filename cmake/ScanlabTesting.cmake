# scanlab_add_catch_test(<name> BACKEND <gpu|cpu|cpu-asan|host> SOURCES ... [LABELS ...]
#                        [INCLUDES ...] [LINK ...] [DEFINES ...])
#
# One Catch2 executable, each TEST_CASE registered with CTest as "<backend>:<case>" and labelled
# with LABELS plus the backend, so `ctest -L lab3` or `ctest -L cpu` runs one slice. On a machine
# without a GPU the gpu tests exit with 77, which CTest reports as skipped.

set(SCANLAB_TEST_SUPPORT_DIR "${CMAKE_CURRENT_LIST_DIR}/../tests/support")

function(scanlab_add_catch_test name)
  cmake_parse_arguments(ARG "" "BACKEND" "SOURCES;LABELS;INCLUDES;LINK;DEFINES" ${ARGN})
  scanlab_add_cuda_target(${name}
    BACKEND ${ARG_BACKEND}
    KIND EXECUTABLE
    SOURCES ${ARG_SOURCES} "${SCANLAB_TEST_SUPPORT_DIR}/catch_main.cpp"
    INCLUDES ${ARG_INCLUDES} "${SCANLAB_TEST_SUPPORT_DIR}"
    LINK Catch2::Catch2 ${ARG_LINK}
    DEFINES SCANLAB_CATCH2_MAJOR=${SCANLAB_CATCH2_MAJOR} ${ARG_DEFINES})
  catch_discover_tests(${name}
    TEST_PREFIX "${ARG_BACKEND}:"
    PROPERTIES LABELS "${ARG_LABELS};${ARG_BACKEND}" SKIP_RETURN_CODE 77 TIMEOUT 300)
endfunction()
