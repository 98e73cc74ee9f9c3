# cmake -DGENERATOR=<scanlab-dataset> -DGENERATOR_ARGS=<args separated by |> -DCHECK=<check executable>
#       -DDIR=<dataset dir> -DEXPECT_RC=<status> -DEXPECT_REGEX=<regex> -P run_dataset_check.cmake
#
# Writes a dataset (or with --all a standard set) into DIR, then runs CHECK --dataset on it (on each
# dataset of a set): every run must end with EXPECT_RC and print something matching EXPECT_REGEX.
foreach(var GENERATOR GENERATOR_ARGS CHECK DIR EXPECT_RC EXPECT_REGEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_dataset_check.cmake: -D${var}=... is missing")
  endif()
endforeach()

file(REMOVE_RECURSE "${DIR}")
string(REPLACE "|" ";" args "${GENERATOR_ARGS}")
execute_process(COMMAND "${GENERATOR}" ${args} --out "${DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scanlab-dataset ${args} failed (${rc}):\n${out}${err}")
endif()
message(STATUS "${out}")

if(EXISTS "${DIR}/meta.json")
  set(datasets "${DIR}")
else()
  file(GLOB metas "${DIR}/*/meta.json")
  list(SORT metas)
  set(datasets "")
  foreach(meta IN LISTS metas)
    get_filename_component(d "${meta}" DIRECTORY)
    list(APPEND datasets "${d}")
  endforeach()
endif()
list(LENGTH datasets count)
if(count EQUAL 0)
  message(FATAL_ERROR "scanlab-dataset wrote no dataset into ${DIR}")
endif()

foreach(dataset IN LISTS datasets)
  execute_process(COMMAND "${CHECK}" --dataset "${dataset}" --color never
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  if(NOT rc STREQUAL EXPECT_RC OR NOT all MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "${CHECK} --dataset ${dataset}: exit status ${rc} (expected ${EXPECT_RC}), "
                        "output should match \"${EXPECT_REGEX}\":\n${all}")
  endif()
endforeach()
message(STATUS "${count} dataset(s): ${CHECK} exited with ${EXPECT_RC} and printed \"${EXPECT_REGEX}\"; the last:\n${all}")
