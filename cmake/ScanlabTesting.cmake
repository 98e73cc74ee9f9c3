# scanlab_add_catch_test(<name> BACKEND <gpu|cpu|cpu-asan|host> SOURCES ... [LABELS ...]
#                        [LABEL_FROM_NAME <regex>] [INCLUDES ...] [LINK ...] [DEFINES ...])
#
# One Catch2 executable, each TEST_CASE registered with CTest as "<backend>:<case>" and labelled
# with LABELS plus the backend, so `ctest -L lab3` or `ctest -L cpu` runs one slice. With
# LABEL_FROM_NAME, a case whose name matches the regular expression also gets the regex's first
# group as a label (e.g. "^(lab[0-9]+) " labels "lab3 stub: ..." lab3). On a machine without a
# GPU the gpu tests exit with 77, which CTest reports as skipped.
#
# main() (the tests' catch_main.cpp, with Catch2 v2 the whole of Catch2's implementation) is
# compiled once and shared by every test executable; the backend's part of it (test_gate.cpp)
# once per backend.

set(SCANLAB_TEST_SUPPORT_DIR "${CMAKE_CURRENT_LIST_DIR}/../tests/support")
set(SCANLAB_CATCH_DISCOVER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/ScanlabCatchDiscover.cmake")

# `ctest -L arm64`: the tests an arm64 machine runs first (lab 3's reference, the lab 2 race), in
# builds whose TARGET is 64-bit Arm (an arm64 machine, or the developers' arm64 cross build).
# Empty elsewhere: tests add ${SCANLAB_ARM64_LABEL} to their labels.
set(SCANLAB_ARM64_LABEL "")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(SCANLAB_ARM64_LABEL arm64)
endif()

# main() for the test executables of a backend: two object libraries (their references to Catch2
# and the backend resolve against whatever the executable links). Catch2's main is the same for
# every backend, so it is compiled once, plain; the gate only asks the backend whether a device is
# usable, so one uninstrumented build serves cpu, cpu-asan and cpu-tsan alike (the executable
# brings the runtime that answers).
function(scanlab_catch_main out_var backend)
  if(NOT TARGET scanlab_catch_main)
    add_library(scanlab_catch_main OBJECT "${SCANLAB_TEST_SUPPORT_DIR}/catch_main.cpp")
    target_compile_definitions(scanlab_catch_main PRIVATE SCANLAB_CATCH2_MAJOR=${SCANLAB_CATCH2_MAJOR})
    target_compile_features(scanlab_catch_main PRIVATE cxx_std_20)
    target_link_libraries(scanlab_catch_main PRIVATE Catch2::Catch2)  # for the headers only
    # Nothing of it is timed: -O0 halves its compile (Catch2 v2: 28 -> 15 s of CPU).
    target_compile_options(scanlab_catch_main PRIVATE -O0)
  endif()
  if(backend MATCHES "^cpu")
    set(flavour cpu)
    set(defines SCANLAB_BACKEND_CPU=1)
  elseif(backend STREQUAL "gpu")
    set(flavour gpu)
    set(defines SCANLAB_BACKEND_GPU=1)
  else()
    set(flavour host)
    set(defines "")
  endif()
  set(target scanlab_test_gate_${flavour})
  if(NOT TARGET ${target})
    add_library(${target} OBJECT "${SCANLAB_TEST_SUPPORT_DIR}/test_gate.cpp")
    target_compile_definitions(${target} PRIVATE ${defines})
    target_compile_features(${target} PRIVATE cxx_std_20)
    target_link_libraries(${target} PRIVATE scanlab::backend_interface)  # for the headers only
  endif()
  set(${out_var} scanlab_catch_main ${target} PARENT_SCOPE)
endfunction()

function(scanlab_add_catch_test name)
  cmake_parse_arguments(ARG "" "BACKEND;LABEL_FROM_NAME" "SOURCES;LABELS;INCLUDES;LINK;DEFINES" ${ARGN})
  scanlab_catch_main(catch_main ${ARG_BACKEND})
  scanlab_add_cuda_target(${name}
    BACKEND ${ARG_BACKEND}
    KIND EXECUTABLE
    SOURCES ${ARG_SOURCES}
    INCLUDES ${ARG_INCLUDES} "${SCANLAB_TEST_SUPPORT_DIR}"
    LINK Catch2::Catch2 ${ARG_LINK}
    DEFINES SCANLAB_CATCH2_MAJOR=${SCANLAB_CATCH2_MAJOR} ${ARG_DEFINES})
  # The tests' own C++ (assertions, set-up, text) is compiled in one batch (Catch2's header read
  # once), and at -O1 where the executable has no .cu kernels (those keep the labs' -O2; CMake
  # leaves a file with options of its own out of a batch, so it is one or the other).
  set(host_sources ${ARG_SOURCES})
  list(FILTER host_sources INCLUDE REGEX "\\.(cpp|cc)$")
  list(LENGTH host_sources host_count)
  list(LENGTH ARG_SOURCES source_count)
  if(host_count EQUAL source_count)
    scanlab_cold_code(${name})
    if(host_count GREATER 1)
      scanlab_batch_compile(${name})
    endif()
  elseif(host_count GREATER 1)
    scanlab_batch_compile(${name} SOURCES ${host_sources})
  endif()
  foreach(objects IN LISTS catch_main)
    target_sources(${name} PRIVATE $<TARGET_OBJECTS:${objects}>)
  endforeach()
  # Test cases are listed after each link (see ScanlabCatchDiscover.cmake); CTest includes the
  # result, or reports the executable as not built.
  set(cases_file "${CMAKE_CURRENT_BINARY_DIR}/${name}_cases.cmake")
  string(REPLACE ";" "," labels "${ARG_LABELS};${ARG_BACKEND}")
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXE=$<TARGET_FILE:${name}>" -D "PREFIX=${ARG_BACKEND}:"
            -D "LABELS=${labels}" -D "LABEL_FROM_NAME=${ARG_LABEL_FROM_NAME}" -D "OUT=${cases_file}"
            -D "CATCH_MAJOR=${SCANLAB_CATCH2_MAJOR}"
            -P "${SCANLAB_CATCH_DISCOVER_SCRIPT}"
    BYPRODUCTS "${cases_file}"
    VERBATIM)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${name}_include.cmake")
  file(WRITE "${include_file}"
    "if(EXISTS [==[${cases_file}]==])\n  include([==[${cases_file}]==])\nelse()\n"
    "  add_test([==[${name}_NOT_BUILT]==] [==[${name}_NOT_BUILT]==])\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
