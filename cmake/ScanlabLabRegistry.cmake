# The lab registry: labs/labs.json, read here and nowhere else in the project.
#
#   scanlab_lab_ids(<out_var>)           the labs' ids, in the file's order
#   scanlab_lab_entry(<id> <prefix>)     sets <prefix>_<key> in the caller for every key of lab <id>
#                                        (id name title summary output section_size block_size
#                                        items_per_thread max_n cpu_max_n time_limit_s docs)
#   scanlab_write_lab_registry(<file>)   writes the C++ table that scanlab/core/lab_registry.h
#                                        declares (core/CMakeLists.txt compiles it into scanlab_core)
#
# The first call reads and checks the file (a missing key, an unknown output kind or a repeated id
# stops the configure with a message naming the lab) and keeps every value in global properties;
# the build configures again when the file changes. C++ code (the harness, the grader, the dataset
# tool, the tests) asks scanlab_core's table; CMake code (the labs' targets, the benchmark) asks
# these functions.

include_guard(GLOBAL)

# The file and its keys, for the functions below (which run in their callers' scopes).
macro(_scanlab_lab_registry_names)
  set(SCANLAB_LABS_JSON "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../labs/labs.json")
  cmake_path(NORMAL_PATH SCANLAB_LABS_JSON)
  set(_scanlab_lab_required_keys name output section_size block_size items_per_thread max_n cpu_max_n time_limit_s)
  set(_scanlab_lab_optional_keys title summary docs)
endmacro()

function(_scanlab_read_labs)
  get_property(done GLOBAL PROPERTY SCANLAB_LABS_READ)
  if(done)
    return()
  endif()
  _scanlab_lab_registry_names()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${SCANLAB_LABS_JSON}")
  file(READ "${SCANLAB_LABS_JSON}" json)
  string(JSON count ERROR_VARIABLE error LENGTH "${json}")
  if(error)
    message(FATAL_ERROR "${SCANLAB_LABS_JSON}: not a JSON array of labs: ${error}")
  endif()
  set(ids "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON id ERROR_VARIABLE error GET "${json}" ${i} id)
      if(error OR NOT id MATCHES "^[0-9]+$")
        message(FATAL_ERROR "${SCANLAB_LABS_JSON}: entry ${i} has no numeric \"id\"")
      endif()
      if(id IN_LIST ids)
        message(FATAL_ERROR "${SCANLAB_LABS_JSON}: two entries have \"id\": ${id}")
      endif()
      list(APPEND ids ${id})
      set_property(GLOBAL PROPERTY SCANLAB_LAB_${id}_id "${id}")
      foreach(key IN LISTS _scanlab_lab_required_keys _scanlab_lab_optional_keys)
        string(JSON value ERROR_VARIABLE error GET "${json}" ${i} ${key})
        if(error AND key IN_LIST _scanlab_lab_required_keys)
          message(FATAL_ERROR "${SCANLAB_LABS_JSON}: lab ${id} lacks \"${key}\": ${error}")
        elseif(error)
          set(value "")
        endif()
        set_property(GLOBAL PROPERTY SCANLAB_LAB_${id}_${key} "${value}")
      endforeach()
      _scanlab_check_lab(${id})
    endforeach()
  endif()
  set_property(GLOBAL PROPERTY SCANLAB_LAB_IDS "${ids}")
  set_property(GLOBAL PROPERTY SCANLAB_LABS_READ TRUE)
endfunction()

# What the harness needs to make sense of a lab's numbers.
function(_scanlab_check_lab id)
  _scanlab_lab_registry_names()
  get_property(output GLOBAL PROPERTY SCANLAB_LAB_${id}_output)
  get_property(section GLOBAL PROPERTY SCANLAB_LAB_${id}_section_size)
  if(NOT output MATCHES "^(inclusive|inclusive_sections|exclusive_sections)$")
    message(FATAL_ERROR "${SCANLAB_LABS_JSON}: lab ${id}: unknown output \"${output}\" "
                        "(expected inclusive, inclusive_sections or exclusive_sections)")
  endif()
  if(NOT output STREQUAL "inclusive" AND NOT section GREATER 0)
    message(FATAL_ERROR "${SCANLAB_LABS_JSON}: lab ${id}: output ${output} needs a section_size > 0")
  endif()
endfunction()

function(scanlab_lab_ids out_var)
  _scanlab_read_labs()
  get_property(ids GLOBAL PROPERTY SCANLAB_LAB_IDS)
  set(${out_var} "${ids}" PARENT_SCOPE)
endfunction()

function(scanlab_lab_entry id prefix)
  _scanlab_read_labs()
  _scanlab_lab_registry_names()
  get_property(known GLOBAL PROPERTY SCANLAB_LAB_IDS)
  if(NOT id IN_LIST known)
    message(FATAL_ERROR "no lab with \"id\": ${id} in ${SCANLAB_LABS_JSON}")
  endif()
  foreach(key IN LISTS _scanlab_lab_required_keys _scanlab_lab_optional_keys ITEMS id)
    get_property(value GLOBAL PROPERTY SCANLAB_LAB_${id}_${key})
    set(${prefix}_${key} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

function(scanlab_write_lab_registry file)
  scanlab_lab_ids(ids)
  set(entries "")
  foreach(id IN LISTS ids)
    scanlab_lab_entry(${id} lab)
    # Raw string literals: a title or summary may hold quotes and backslashes.
    string(APPEND entries
      "      {{.id = ${id},\n"
      "        .name = R\"labs(${lab_name})labs\",\n"
      "        .output = output_kind::${lab_output},\n"
      "        .section_size = ${lab_section_size}u,\n"
      "        .block_size = ${lab_block_size}u,\n"
      "        .items_per_thread = ${lab_items_per_thread}u,\n"
      "        .max_n = ${lab_max_n}ull,\n"
      "        .cpu_max_n = ${lab_cpu_max_n}ull,\n"
      "        .time_limit_s = ${lab_time_limit_s}},\n"
      "       R\"labs(${lab_title})labs\",\n"
      "       R\"labs(${lab_summary})labs\",\n"
      "       R\"labs(${lab_docs})labs\"},\n")
  endforeach()
  file(CONFIGURE OUTPUT "${file}" CONTENT "// Generated by cmake/ScanlabLabRegistry.cmake from labs/labs.json: edit that file, not this one.
#include \"scanlab/core/lab_registry.h\"

namespace scanlab::core {

const std::vector<lab_entry>& known_labs() {
  static const std::vector<lab_entry> labs = {
@entries@  };
  return labs;
}

}  // namespace scanlab::core
" @ONLY)
endfunction()
