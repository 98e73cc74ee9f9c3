# scanlab_add_lab(<id>)
#
# Builds one lab from its entry in labs/labs.json (the single source of a lab's numbers):
#
#   * for every backend in SCANLAB_BACKENDS (gpu, cpu, cpu-asan) and every variant, a static
#     library of the lab's code:
#         student    labs/<name>/scan.cu
#         solution   solutions/<name>/scan.cu
#         advanced   any other .cu in solutions/<name>/ (lab 8: decoupled_lookback.cu); with
#                    several, each is "advanced-<file stem>"
#   * a check executable per (variant, backend), bin/<name>-check-<variant>-<backend>: the lab
#     harness (labs/harness) linked against that library, with the lab's numbers as compile
#     definitions (SCANLAB_LAB_ID, SCANLAB_LAB_NAME, SCANLAB_LAB_OUTPUT, SCANLAB_SECTION_SIZE,
#     SCANLAB_BLOCK_SIZE, SCANLAB_ITEMS_PER_THREAD, SCANLAB_MAX_N, SCANLAB_CPU_MAX_N,
#     SCANLAB_TIME_LIMIT_S);
#   * custom targets check-lab<id> (everything of the lab), check-lab<id>-solution and
#     check-lab<id>-student (what `make lab<id>` / `make lab<id>-solution` build);
#   * for tests/labs (when SCANLAB_BUILD_TESTS is on), the global property
#     SCANLAB_LAB_SOLUTION_CHECKS, one "<id>:<name>:<variant>:<backend>" per reference-solution
#     check: tests/labs/CMakeLists.txt turns each into Catch2 test cases ("lab3 solution: edge
#     sizes", ...) labelled lab<id>, the backend and `solutions`, run in-process on the same
#     library. The student's checks are not tests (a stub fails by design); tests/labs checks that
#     the stubs fail cleanly.
#
# Adding a lab: a folder labs/<name> (scan.cu, lab.h), solutions/<name>/scan.cu, an entry in
# labs.json, and one scanlab_add_lab(<id>) call in labs/CMakeLists.txt.

set(SCANLAB_LABS_JSON "${CMAKE_CURRENT_LIST_DIR}/../labs/labs.json")
set(SCANLAB_LAB_HARNESS_DIR "${CMAKE_CURRENT_LIST_DIR}/../labs/harness")
cmake_path(NORMAL_PATH SCANLAB_LABS_JSON)
cmake_path(NORMAL_PATH SCANLAB_LAB_HARNESS_DIR)

# scanlab_lab_core(<out_var>): the host-only code the harness shares with the dataset generator
# (datasets/), one implementation for both: the lab spec, the seeded input distributions, the fp64
# reference and its tolerance, the edge sizes, and the dataset files (.npy, meta.json). Users
# include "harness/inputs.h", "datasets/npy.h", ...
function(scanlab_lab_core out_var)
  set(target scanlab_lab_core)
  if(NOT TARGET ${target})
    set(dir "${SCANLAB_LAB_HARNESS_DIR}")
    get_filename_component(labs_dir "${dir}" DIRECTORY)
    get_filename_component(root "${labs_dir}" DIRECTORY)
    scanlab_add_cuda_target(${target}
      BACKEND host
      KIND STATIC
      SOURCES "${dir}/lab_spec.cpp" "${dir}/inputs.cpp" "${dir}/reference.cpp" "${dir}/edge_sizes.cpp"
              "${root}/datasets/npy.cpp" "${root}/datasets/dataset_format.cpp"
      LINK fmt::fmt nlohmann_json::nlohmann_json
      DEFINES SCANLAB_VERSION="${PROJECT_VERSION}")
    target_include_directories(${target} PUBLIC "${labs_dir}" "${root}")
    target_compile_features(${target} PUBLIC cxx_std_20)
    find_package(Threads REQUIRED)
    target_link_libraries(${target} PRIVATE Threads::Threads)  # make_input fills large inputs in parallel
  endif()
  set(${out_var} ${target} PARENT_SCOPE)
endfunction()

# The harness proper (everything but main) is lab-independent: one library per backend.
function(_scanlab_lab_harness out_var backend)
  set(target scanlab_lab_harness_${backend})
  if(NOT TARGET ${target})
    set(dir "${SCANLAB_LAB_HARNESS_DIR}")
    scanlab_lab_core(core)
    scanlab_add_cuda_target(${target}
      BACKEND ${backend}
      KIND STATIC
      SOURCES "${dir}/device_buffer.cpp" "${dir}/verify.cpp" "${dir}/hints.cpp" "${dir}/cases.cpp"
              "${dir}/case_runner.cpp" "${dir}/dataset_case.cpp" "${dir}/report.cpp" "${dir}/suite.cpp"
      INCLUDES "${dir}"
      LINK ${core} fmt::fmt CLI11::CLI11)
    # Users of the library include "harness/suite.h" etc. from labs/.
    get_filename_component(parent "${dir}" DIRECTORY)
    target_include_directories(${target} INTERFACE "${parent}")
    find_package(Threads REQUIRED)
    target_link_libraries(${target} PRIVATE Threads::Threads)
  endif()
  set(${out_var} ${target} PARENT_SCOPE)
endfunction()

function(scanlab_add_lab id)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${SCANLAB_LABS_JSON}")
  file(READ "${SCANLAB_LABS_JSON}" json)
  string(JSON count LENGTH "${json}")
  set(index -1)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON entry_id GET "${json}" ${i} id)
      if(entry_id EQUAL id)
        set(index ${i})
      endif()
    endforeach()
  endif()
  if(index EQUAL -1)
    message(FATAL_ERROR "scanlab_add_lab(${id}): no entry with \"id\": ${id} in ${SCANLAB_LABS_JSON}")
  endif()
  foreach(key name output section_size block_size items_per_thread max_n cpu_max_n time_limit_s)
    string(JSON lab_${key} ERROR_VARIABLE error GET "${json}" ${index} ${key})
    if(error)
      message(FATAL_ERROR "scanlab_add_lab(${id}): labs.json entry lacks \"${key}\": ${error}")
    endif()
  endforeach()
  if(NOT lab_output MATCHES "^(inclusive|inclusive_sections|exclusive_sections)$")
    message(FATAL_ERROR "scanlab_add_lab(${id}): unknown output \"${lab_output}\" "
                        "(expected inclusive, inclusive_sections or exclusive_sections)")
  endif()
  if(NOT lab_output STREQUAL "inclusive" AND NOT lab_section_size GREATER 0)
    message(FATAL_ERROR "scanlab_add_lab(${id}): output ${lab_output} needs a section_size > 0")
  endif()

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

  set(definitions
    SCANLAB_LAB_ID=${id}
    SCANLAB_LAB_NAME="${name}"
    SCANLAB_LAB_OUTPUT="${lab_output}"
    SCANLAB_SECTION_SIZE=${lab_section_size}u
    SCANLAB_BLOCK_SIZE=${lab_block_size}u
    SCANLAB_ITEMS_PER_THREAD=${lab_items_per_thread}u
    SCANLAB_MAX_N=${lab_max_n}ull
    SCANLAB_CPU_MAX_N=${lab_cpu_max_n}ull
    SCANLAB_TIME_LIMIT_S=${lab_time_limit_s})

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
endfunction()
