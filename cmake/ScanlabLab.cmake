# scanlab_add_lab(<id>)
#
# Builds one lab from its entry in labs/labs.json (the single source of a lab's numbers, read by
# cmake/ScanlabLabRegistry.cmake):
#
#   * for every backend in SCANLAB_BACKENDS (gpu, cpu, cpu-asan) and every variant, a static
#     library of the lab's code:
#         student    labs/<name>/scan.cu
# instructor-only
#         solution   solutions/<name>/scan.cu
#         advanced   any other .cu in solutions/<name>/ (lab 8: decoupled_lookback.cu); with
#                    several, each is "advanced-<file stem>"
#       (A tree without the reference solutions, such as a student release, builds the student
#       variant only.)
# /instructor-only
#   * a check executable per (variant, backend), bin/<name>-check-<variant>-<backend>: the lab
#     harness (labs/harness) linked against that library, compiled with SCANLAB_LAB_ID (the
#     harness takes the lab's numbers from core's lab registry), SCANLAB_CHECK_VARIANT and
#     SCANLAB_CHECK_BACKEND;
#   * custom targets check-lab<id> (everything of the lab), check-lab<id>-solution and
#     check-lab<id>-student (what `make lab<id>` / `make lab<id>-solution` build);
# instructor-only
#   * for tests/labs (when SCANLAB_BUILD_TESTS is on), the global property
#     SCANLAB_LAB_SOLUTION_CHECKS, one "<id>:<name>:<variant>:<backend>" per reference-solution
#     check: tests/labs/CMakeLists.txt turns each into Catch2 test cases ("lab3 solution: edge
#     sizes", ...) labelled lab<id>, the backend and `solutions`, run in-process on the same
#     library. The student's checks are not tests (a stub fails by design); tests/labs checks that
#     the stubs fail cleanly.
#
# Adding a lab: a folder labs/<name> (scan.cu, lab.h), solutions/<name>/scan.cu, an entry in
# labs.json, and one scanlab_add_lab(<id>) call in labs/CMakeLists.txt.
# /instructor-only

include(ScanlabLabRegistry)  # scanlab_lab_entry(), the one reader of labs/labs.json

set(SCANLAB_LAB_HARNESS_DIR "${CMAKE_CURRENT_LIST_DIR}/../labs/harness")
cmake_path(NORMAL_PATH SCANLAB_LAB_HARNESS_DIR)

# The harness proper (everything but main) is lab-independent: one library per backend, on top of
# scanlab::core (core/: lab registry, case plan, inputs, reference, verification, .npy). Only its
# guard zones (device_buffer.cpp: AddressSanitizer poisons them) and its crash reports (report.cpp:
# AddressSanitizer's report callback) differ between cpu and cpu-asan; the rest is compiled once
# for both, uninstrumented: it is the harness's own code, not the student's, and instrumenting it
# cost about 40 s of CPU per cold build.
function(_scanlab_lab_harness out_var backend)
  set(target scanlab_lab_harness_${backend})
  if(NOT TARGET ${target})
    set(dir "${SCANLAB_LAB_HARNESS_DIR}")
    get_filename_component(parent "${dir}" DIRECTORY)
    set(shared_flavour ${backend})
    if(backend MATCHES "^cpu")
      set(shared_flavour cpu)
    endif()
    set(shared scanlab_lab_harness_common_${shared_flavour})
    if(NOT TARGET ${shared})
      # Options, reports and hints are text, run once per case: -O1 compiles them in three
      # quarters of the time -O2 takes (CLI11's and fmt's templates; suite.cpp 15.9 -> 11.8 s of
      # CPU, report.cpp 7.2 -> 5.4), and a first `make labN` compiles them before anything else.
      set_source_files_properties("${dir}/suite.cpp" "${dir}/report.cpp" "${dir}/hints.cpp"
                                  "${dir}/case_finding.cpp" "${dir}/failure_groups.cpp"
                                  PROPERTIES COMPILE_OPTIONS -O1)
      scanlab_add_cuda_target(${shared}
        BACKEND ${shared_flavour}
        KIND OBJECT
        SOURCES "${dir}/hints.cpp" "${dir}/cases.cpp" "${dir}/case_runner.cpp" "${dir}/dataset_case.cpp"
                "${dir}/suite.cpp" "${dir}/trace_case.cpp" "${dir}/case_finding.cpp" "${dir}/failure_groups.cpp"
        INCLUDES "${dir}"
        LINK scanlab::fmt CLI11::CLI11 scanlab::core)
    endif()
    scanlab_add_cuda_target(${target}
      BACKEND ${backend}
      KIND STATIC
      SOURCES "${dir}/device_buffer.cpp" "${dir}/report.cpp" $<TARGET_OBJECTS:${shared}>
      INCLUDES "${dir}"
      LINK scanlab::fmt CLI11::CLI11)
    # Users of the library include "harness/suite.h" etc. from labs/, and its headers core's.
    target_include_directories(${target} INTERFACE "${parent}")
    target_link_libraries(${target} PUBLIC scanlab::core)
    find_package(Threads REQUIRED)
    target_link_libraries(${target} PRIVATE Threads::Threads)
  endif()
  set(${out_var} ${target} PARENT_SCOPE)
endfunction()

function(scanlab_add_lab id)
  scanlab_lab_entry(${id} lab)
  set(name "${lab_name}")
  set(lab_dir "${PROJECT_SOURCE_DIR}/labs/${name}")
  set(solution_dir "${PROJECT_SOURCE_DIR}/solutions/${name}")
  if(NOT EXISTS "${lab_dir}/scan.cu")
    message(FATAL_ERROR "scanlab_add_lab(${id}): ${lab_dir}/scan.cu does not exist")
  endif()

  # Variants and their source files.
  set(variants student)
  set(source_student "${lab_dir}/scan.cu")
  if(EXISTS "${solution_dir}/scan.cu")
    list(APPEND variants solution)
    set(source_solution "${solution_dir}/scan.cu")
    file(GLOB extra_sources CONFIGURE_DEPENDS "${solution_dir}/*.cu")
    list(REMOVE_ITEM extra_sources "${solution_dir}/scan.cu")
    list(SORT extra_sources)
    list(LENGTH extra_sources extra_count)
    foreach(extra IN LISTS extra_sources)
      if(extra_count EQUAL 1)
        set(variant advanced)
      else()
        get_filename_component(stem "${extra}" NAME_WE)
        string(REPLACE "_" "-" stem "${stem}")
        set(variant advanced-${stem})
      endif()
      list(APPEND variants ${variant})
      set(source_${variant} "${extra}")
    endforeach()
  endif()

  set(definitions SCANLAB_LAB_ID=${id})

  set(all_checks "")
  set(solution_checks "")
  set(student_checks "")
  foreach(backend IN LISTS SCANLAB_BACKENDS)
    _scanlab_lab_harness(harness ${backend})
    foreach(variant IN LISTS variants)
      set(code ${name}-${variant}-${backend})
      scanlab_add_cuda_target(${code}
        BACKEND ${backend}
        KIND STATIC
        SOURCES "${source_${variant}}"
        INCLUDES "${lab_dir}")

      set(check ${name}-check-${variant}-${backend})
      scanlab_add_cuda_target(${check}
        BACKEND ${backend}
        KIND EXECUTABLE
        SOURCES "${SCANLAB_LAB_HARNESS_DIR}/check_main.cpp"
        LINK ${harness} ${code}
        DEFINES ${definitions}
                SCANLAB_CHECK_VARIANT="${variant}"
                SCANLAB_CHECK_BACKEND="${backend}")
      set_target_properties(${check} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bin")
      list(APPEND all_checks ${check})
      if(variant STREQUAL "student")
        list(APPEND student_checks ${check})
      else()
        list(APPEND solution_checks ${check})
        set_property(GLOBAL APPEND PROPERTY SCANLAB_LAB_SOLUTION_CHECKS "${id}:${name}:${variant}:${backend}")
      endif()
    endforeach()
  endforeach()

  add_custom_target(check-lab${id} DEPENDS ${all_checks})
  add_custom_target(check-lab${id}-solution DEPENDS ${solution_checks})
  add_custom_target(check-lab${id}-student DEPENDS ${student_checks})

  # For tools/scanlab-run-lab: the table of labs of this configuration.
  set_property(GLOBAL APPEND PROPERTY SCANLAB_LAB_TABLE "${id}:${name}")
endfunction()

# Installs tools/scanlab-run-lab into <build>/bin with the table of labs and backends filled in.
# Called once, after every scanlab_add_lab.
function(scanlab_install_lab_runner)
  get_property(table GLOBAL PROPERTY SCANLAB_LAB_TABLE)
  list(JOIN table " " SCANLAB_LAB_TABLE)
  list(JOIN SCANLAB_BACKENDS " " SCANLAB_BUILT_BACKENDS)
  configure_file("${PROJECT_SOURCE_DIR}/tools/scanlab-run-lab" "${PROJECT_BINARY_DIR}/bin/scanlab-run-lab"
                 @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
  configure_file("${PROJECT_SOURCE_DIR}/tools/scanlab-build-progress"
                 "${PROJECT_BINARY_DIR}/bin/scanlab-build-progress" COPYONLY)
  configure_file("${PROJECT_SOURCE_DIR}/tools/scanlab-jail" "${PROJECT_BINARY_DIR}/bin/scanlab-jail" COPYONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
  # `scanlab trace labN` (and `make labN-trace`): the student's kernel drawn from its access trace.
  set(SCANLAB_SOURCE_DIR "${PROJECT_SOURCE_DIR}")
  configure_file("${PROJECT_SOURCE_DIR}/tools/scanlab-trace" "${PROJECT_BINARY_DIR}/bin/scanlab-trace" @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
endfunction()
