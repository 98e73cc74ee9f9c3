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
