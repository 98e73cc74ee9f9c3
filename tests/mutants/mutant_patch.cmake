# Mutants as patches: tests/mutants/<lab name>/<mutation>.mutant holds the mutant's header lines and
# the few lines it changes in the reference solution; this file turns it into the mutant's .cu (see
# README.md here for the format). Included by CMakeLists.txt at configure time (and by
# tests/grader/generate_submissions.cmake: the grader's known-wrong submissions that are patches use
# the same format), and run as a script by the tests of the format:
#
#   cmake -DMUTANT=<.mutant> -DREFERENCE=<solution .cu> -DOUTPUT=<.cu to write> -P mutant_patch.cmake
#
# A block's find text must match whole lines of the reference, exactly once, so that a change of the
# reference near the bug makes the mutant fail loudly instead of patching the wrong place. Blocks
# follow the order of the reference and must not overlap. Everything outside the found spans is
# copied byte for byte.

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.25)  # script mode: today's policies (quoted strings stay strings)
endif()
get_filename_component(_scanlab_mutant_root "${CMAKE_CURRENT_LIST_DIR}/../.." REALPATH)

# A path as messages show it: relative to the repository, unless it lies outside.
function(_scanlab_mutant_short path out_var)
  get_filename_component(path "${path}" ABSOLUTE)
  file(RELATIVE_PATH short "${_scanlab_mutant_root}" "${path}")
  if(short MATCHES "^\\.\\./")
    set(short "${path}")
  endif()
  set(${out_var} "${short}" PARENT_SCOPE)
endfunction()

# scanlab_mutant_reference(<mutant> <solutions dir of the lab> <out var> <error var> [<solution var>]):
# the file the mutant's blocks patch: solutions/<lab name>/scan.cu, the file its
# `// SOLUTION: <file>` header line names, or the header its `// PATCHES: <file>` line names (a file
# that the solution includes, relative to solutions/<lab name>/). <solution var>, if given, is set to
# the solution file itself: the one compiled.
function(scanlab_mutant_reference mutant solution_dir out_var error_var)
  file(STRINGS "${mutant}" solution_lines REGEX "^// SOLUTION: ")
  set(original scan.cu)
  if(solution_lines)
    string(REGEX REPLACE "^// SOLUTION: *([^ ]+).*" "\\1" original "${solution_lines}")
  endif()
  set(patched "${original}")
  file(STRINGS "${mutant}" patches_lines REGEX "^// PATCHES: ")
  if(patches_lines)
    string(REGEX REPLACE "^// PATCHES: *([^ ]+).*" "\\1" patched "${patches_lines}")
  endif()
  set(${out_var} "${solution_dir}/${patched}" PARENT_SCOPE)
  if(ARGC GREATER 4)
    set(${ARGV4} "${solution_dir}/${original}" PARENT_SCOPE)
  endif()
  set(${error_var} "" PARENT_SCOPE)
  foreach(file IN ITEMS "${original}" "${patched}")
    if(NOT EXISTS "${solution_dir}/${file}")
      _scanlab_mutant_short("${mutant}" mutant_name)
      _scanlab_mutant_short("${solution_dir}/${file}" reference_name)
      set(line "SOLUTION")
      if(NOT file STREQUAL original)
        set(line "PATCHES")
      endif()
      set(${error_var} "${mutant_name}: `// ${line}: ${file}`: ${reference_name} does not exist" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# scanlab_mutant_apply_in_copy(<mutant> <solutions dir of the lab> <patched file> <solution file>
#                              <copy dir> <source var> <error var>):
# for a mutant of a header (`// PATCHES:`): copies the solution file and every header of its folder
# (*.cuh, *.h, subfolders too) to <copy dir>, the patched header as the mutant's blocks change it,
# and sets <source var> to the copy of the solution file. Compiled from there, its quoted includes
# find the patched header. Files are written only when their content changes.
function(scanlab_mutant_apply_in_copy mutant solution_dir patched solution copy_dir source_var error_var)
  file(GLOB_RECURSE headers RELATIVE "${solution_dir}" "${solution_dir}/*.cuh" "${solution_dir}/*.h")
  file(RELATIVE_PATH patched_rel "${solution_dir}" "${patched}")
  file(RELATIVE_PATH solution_rel "${solution_dir}" "${solution}")
  scanlab_mutant_apply("${mutant}" "${patched}" "${copy_dir}/${patched_rel}" error)
  set(${error_var} "${error}" PARENT_SCOPE)
  if(error)
    return()
  endif()
  foreach(file IN LISTS headers ITEMS "${solution_rel}")
    if(NOT file STREQUAL patched_rel)
      configure_file("${solution_dir}/${file}" "${copy_dir}/${file}" COPYONLY)
    endif()
  endforeach()
  set(${source_var} "${copy_dir}/${solution_rel}" PARENT_SCOPE)
endfunction()

# The 1-based line number of character `offset` in `text`.
function(_scanlab_mutant_line_of text offset out_var)
  string(SUBSTRING "${text}" 0 ${offset} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines count)
  math(EXPR count "${count} + 1")
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

# The line numbers, "a, b and c", at which `needle` (starting with the newline before its line)
# occurs in `haystack` (the reference with a newline in front).
function(_scanlab_mutant_lines_of haystack needle out_var)
  set(found "")
  set(offset 0)
  set(rest "${haystack}")
  while(TRUE)
    string(FIND "${rest}" "${needle}" at)
    if(at EQUAL -1)
      break()
    endif()
    math(EXPR offset "${offset} + ${at}")
    _scanlab_mutant_line_of("${haystack}" ${offset} line)
    list(APPEND found ${line})
    math(EXPR offset "${offset} + 1")
    math(EXPR skip "${at} + 1")
    string(SUBSTRING "${rest}" ${skip} -1 rest)
  endwhile()
  list(POP_BACK found last)
  list(JOIN found ", " found)
  set(${out_var} "${found} and ${last}" PARENT_SCOPE)
endfunction()

# The text indented by four spaces, for quoting it in a message.
function(_scanlab_mutant_quote text out_var)
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" "\n    " text "${text}")
  set(${out_var} "    ${text}" PARENT_SCOPE)
endfunction()

# scanlab_mutant_apply(<mutant> <reference> <output> <error var>): writes the patched reference to
# <output> (only when its content changes, so that nothing is rebuilt for nothing). On a problem,
# writes nothing and sets <error var> to a message naming the mutant, its line and the snippet.
function(scanlab_mutant_apply mutant reference output error_var)
  set(${error_var} "" PARENT_SCOPE)
  file(READ "${mutant}" spec)
  file(READ "${reference}" ref)
  _scanlab_mutant_short("${reference}" ref_name)
  _scanlab_mutant_short("${mutant}" mutant_name)

  # ---- parse: line by line, without CMake lists (C++ is full of semicolons) ----
  set(state header)       # header | find | replace | between
  set(line_no 0)
  set(block_count 0)
  set(rest "${spec}")
  while(NOT rest STREQUAL "")
    string(FIND "${rest}" "\n" eol)
    if(eol EQUAL -1)
      set(line "${rest}")
      set(rest "")
    else()
      string(SUBSTRING "${rest}" 0 ${eol} line)
      math(EXPR next "${eol} + 1")
      string(SUBSTRING "${rest}" ${next} -1 rest)
    endif()
    math(EXPR line_no "${line_no} + 1")

    if(state STREQUAL "find" AND line STREQUAL "@@ replace")
      set(state replace)
    elseif(state STREQUAL "replace" AND line STREQUAL "@@ end")
      set(state between)
    elseif(NOT state MATCHES "^(find|replace)$" AND line STREQUAL "@@ find")
      math(EXPR block_count "${block_count} + 1")
      set(block_${block_count}_line ${line_no})
      set(block_${block_count}_find "")
      set(block_${block_count}_replace "")
      set(state find)
    elseif(line MATCHES "^@@")
      set(${error_var} "${mutant_name}:${line_no}: unexpected `${line}` (a block is `@@ find`, the reference's lines, `@@ replace`, the mutant's lines, `@@ end`)" PARENT_SCOPE)
      return()
    elseif(state STREQUAL "find")
      string(APPEND block_${block_count}_find "${line}\n")
    elseif(state STREQUAL "replace")
      string(APPEND block_${block_count}_replace "${line}\n")
    elseif(NOT line STREQUAL "" AND NOT line MATCHES "^//")
      set(${error_var} "${mutant_name}:${line_no}: outside a block only `//` comments and blank lines may stand, not: ${line}" PARENT_SCOPE)
      return()
    endif()
  endwhile()
  if(state MATCHES "^(find|replace)$")
    set(${error_var} "${mutant_name}:${block_${block_count}_line}: this block has no `@@ end`" PARENT_SCOPE)
    return()
  endif()
  if(block_count EQUAL 0)
    set(${error_var} "${mutant_name}: no `@@ find` ... `@@ replace` ... `@@ end` block: a mutant changes something" PARENT_SCOPE)
    return()
  endif()

  # ---- locate every find text in the reference: whole lines, exactly once, in order ----
  set(haystack "\n${ref}")  # a match of "\n<find>" starts at a line start; its index is the offset in ref
  set(previous_end 0)
  set(marked FALSE)
  foreach(b RANGE 1 ${block_count})
    set(snippet "${block_${b}_find}")
    set(where "${mutant_name}:${block_${b}_line}")
    if(snippet STREQUAL "")
      set(${error_var} "${where}: the block finds nothing (no line between `@@ find` and `@@ replace`)" PARENT_SCOPE)
      return()
    endif()
    _scanlab_mutant_quote("${snippet}" quoted)
    string(FIND "${haystack}" "\n${snippet}" first)
    if(first EQUAL -1)
      set(${error_var} "${where}: these lines are not in ${ref_name}:\n${quoted}\nThe reference changed there: copy its new lines into this block, keeping the bug." PARENT_SCOPE)
      return()
    endif()
    string(FIND "${haystack}" "\n${snippet}" last REVERSE)
    if(NOT last EQUAL first)
      _scanlab_mutant_lines_of("${haystack}" "\n${snippet}" lines)
      set(${error_var} "${where}: these lines occur more than once in ${ref_name} (lines ${lines}):\n${quoted}\nAdd a neighbouring line of the reference to the block, so that it names one place." PARENT_SCOPE)
      return()
    endif()
    if(first LESS previous_end)
      set(${error_var} "${where}: this block overlaps the previous one or comes before it in ${ref_name}: blocks follow the reference's order" PARENT_SCOPE)
      return()
    endif()
    string(LENGTH "${snippet}" length)
    set(block_${b}_start ${first})
    math(EXPR previous_end "${first} + ${length}")
    set(block_${b}_end ${previous_end})
    string(FIND "${block_${b}_replace}" "// MUTATION:" at)
    if(at GREATER -1)
      set(marked TRUE)
    endif()
  endforeach()
  if(NOT marked)
    set(${error_var} "${mutant_name}: no `// MUTATION:` comment in a block's replacement: mark the change where it is made" PARENT_SCOPE)
    return()
  endif()

  # ---- splice: the reference between the spans, the replacements in them ----
  set(result "")
  set(copied 0)
  foreach(b RANGE 1 ${block_count})
    math(EXPR length "${block_${b}_start} - ${copied}")
    string(SUBSTRING "${ref}" ${copied} ${length} kept)
    string(APPEND result "${kept}${block_${b}_replace}")
    set(copied ${block_${b}_end})
  endforeach()
  string(SUBSTRING "${ref}" ${copied} -1 kept)
  string(APPEND result "${kept}")

  set(old "")
  if(EXISTS "${output}")
    file(READ "${output}" old)
  endif()
  if(NOT old STREQUAL result)
    file(WRITE "${output}" "${result}")
  endif()
endfunction()

# Stops CMake with a mutant's error. Every line is indented: CMake prints indented lines of an error
# as they are, where it would re-wrap the others (and break a quoted line of code in two).
function(scanlab_mutant_fail error)
  string(REPLACE "\n" "\n  " error "${error}")
  message(FATAL_ERROR "mutant does not apply:\n  ${error}\n")
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  foreach(var MUTANT REFERENCE OUTPUT)
    if(NOT DEFINED ${var})
      message(FATAL_ERROR "mutant_patch.cmake: -D${var}=... is missing")
    endif()
  endforeach()
  scanlab_mutant_apply("${MUTANT}" "${REFERENCE}" "${OUTPUT}" error)
  if(error)
    scanlab_mutant_fail("${error}")
  endif()
endif()
