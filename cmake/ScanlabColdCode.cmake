# scanlab_cold_code(<target> [SOURCES <files>...])
#
# Text, command lines, JSON, reports, process orchestration and test bodies: nothing in them is hot,
# and -O1 compiles them in about three quarters of -O2's time (the grader's reports.cpp 18.6 ->
# 13.4 s of CPU; Catch2 v2's main at -O0: 28 -> 15 s). Without SOURCES the whole target; with
# SOURCES only those files (a target whose .cu kernels must stay as optimised as the labs'). Only
# optimised builds change: a Debug build keeps its -O0.
function(scanlab_cold_code target)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  set(level "$<$<CONFIG:RelWithDebInfo,Release,MinSizeRel>:-O1>")
  if(ARG_SOURCES)
    set_property(SOURCE ${ARG_SOURCES} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS "${level}")
  else()
    target_compile_options(${target} PRIVATE "${level}")
  endif()
endfunction()

# scanlab_batch_compile(<target> [SOURCES <files>...])
#
# Compiles a target's C++ files in batches (CMake's unity build): most of a file's compile time is
# the headers it shares with its neighbours (fmt, CLI11, JSON, Catch2), read once per batch
# instead of once per file (the grader: 125 -> 55 s of CPU). Without SOURCES the whole target;
# with SOURCES only those files, in one batch (a target whose rewritten .cu files must stay apart:
# the CPU backend's prelude defines CUDA's built-in names).
function(scanlab_batch_compile target)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  if(ARG_SOURCES)
    set_property(SOURCE ${ARG_SOURCES} TARGET_DIRECTORY ${target} PROPERTY UNITY_GROUP "${target}_host")
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  else()
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
