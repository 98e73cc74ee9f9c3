# cmake -DCHECK=<the mutant's check executable> -DSOURCE=<the mutant's .mutant> -P run_mutant.cmake
#
# Runs the check with --quiet and succeeds only when the check FAILS (non-zero exit) and the report
# of its FIRST failure -- what a student reads first -- matches every `// EXPECT: <regex>` line of
# the mutant's header. A regex that only matches the report of a later case still fails the test
# (and says so): a misleading first hint is a defect of the harness too.
# `// ARGS: ...` lines add arguments to the check (e.g. --n 3089 to run one case).
foreach(var CHECK MUTANT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_mutant.cmake: -D${var}=... is missing")
  endif()
endforeach()

file(STRINGS "${MUTANT}" what_lines REGEX "^//   what: ")
file(STRINGS "${MUTANT}" expect_lines REGEX "^// EXPECT: ")
file(STRINGS "${MUTANT}" arg_lines REGEX "^// ARGS: ")
set(args "")
foreach(line IN LISTS arg_lines)
  string(REGEX REPLACE "^// ARGS: " "" line "${line}")
  separate_arguments(line UNIX_COMMAND "${line}")
  list(APPEND args ${line})
endforeach()

string(REGEX REPLACE "^//   what: " "" what "${what_lines}")
string(REPLACE "\\;" ";" what "${what}")
message("mutant: ${MUTANT}\n  ${what}\n$ ${CHECK} --quiet --color never ${args}")
string(TIMESTAMP t0 "%s")
execute_process(COMMAND "${CHECK}" --quiet --color never ${args}
  OUTPUT_VARIABLE output ERROR_VARIABLE output  # one variable: merged in the order written
  RESULT_VARIABLE rc
  TIMEOUT 100)
string(TIMESTAMP t1 "%s")
math(EXPR seconds "${t1} - ${t0}")
message("${output}(exit status ${rc}, about ${seconds} s)")

# The first failure's report: from the first line with FAILED up to the next case, the summary or
# a crash report of the CPU backend. Without a FAILED line (a crash, say): all of the output.
set(first "${output}")
string(FIND "${output}" "FAILED" at)
if(at GREATER -1)
  string(SUBSTRING "${output}" 0 ${at} before)
  string(FIND "${before}" "\n" line_start REVERSE)
  math(EXPR line_start "${line_start} + 1")
  string(SUBSTRING "${output}" ${line_start} -1 first)
  string(FIND "${first}" "\n" end)
  if(end GREATER -1)
    string(SUBSTRING "${first}" ${end} -1 after)
    foreach(marker "\n  [" "\nlab" "\nscanlab-cpu:")
      string(FIND "${after}" "${marker}" stop)
      if(stop GREATER -1)
        string(SUBSTRING "${after}" 0 ${stop} after)
      endif()
    endforeach()
    string(SUBSTRING "${first}" 0 ${end} head)
    set(first "${head}${after}")
  endif()
endif()

# Executable and source paths in replay commands and crash reports contain the mutation's name
# ("missing_carry_in"): hide it, so that it cannot match an EXPECT line by itself.
get_filename_component(mutation "${MUTANT}" NAME_WE)
string(REPLACE "${mutation}" "<mutation>" first "${first}")
string(REPLACE "${mutation}" "<mutation>" output "${output}")

set(problems "")
if(rc STREQUAL "0")
  list(APPEND problems "the mutant PASSED the check: the harness does not catch this bug")
elseif(rc STREQUAL "77")
  list(APPEND problems "the check was skipped (exit status 77) instead of failing")
endif()
foreach(regex IN LISTS expect_lines)
  string(REGEX REPLACE "^// EXPECT: " "" regex "${regex}")
  string(REPLACE "\\;" ";" regex "${regex}")
  if(first MATCHES "${regex}")
    continue()
  elseif(output MATCHES "${regex}")
    list(APPEND problems "the first failure lacks the expected diagnosis /${regex}/ (a later case has it)")
  elseif(NOT rc STREQUAL "0")
    list(APPEND problems "the expected diagnosis /${regex}/ is nowhere in the check's output")
  endif()
endforeach()

if(problems)
  list(JOIN problems "\n  " problems)
  message(FATAL_ERROR "MUTANT NOT CAUGHT AS EXPECTED (${MUTANT}):\n  ${problems}\n"
                      "first failure:\n${first}")
endif()
message("mutant caught: the check failed, and its first failure has the expected diagnosis:\n${first}")
