// From a code address in the program to the student's source line: "scan.cu:27" and the text of
// that line. Used only when a report is written, so it may be slow: it asks addr2line (binutils,
// present wherever GCC links) about the program's line tables (-g1 in the instrumented flavour).
#pragma once

#include <string>
#include <vector>

namespace scanlab::cpu::detail {

struct source_line {
  std::string file;  // as the line tables name it: the .cu file, through the rewriter's #line
  int line = 0;      // 0 when unknown
  std::string code;  // the line's text, trimmed; empty when the file cannot be read
};

// One answer per address, in order. For code inlined from scanlab's own headers (an atomic, a
// helper) the answer is the innermost caller outside them: the line the student wrote.
std::vector<source_line> describe_code_addresses(const std::vector<const void*>& addresses);
// Of a call stack's return addresses, innermost first: the first line outside scanlab's headers
// and the standard library (the student's call of an atomic that a helper made out of line), else
// the first known line.
source_line first_program_line(const std::vector<const void*>& stack);

// "scan.cu:27" (or "an unknown line").
std::string where(const source_line& l);
// "scan.cu:25" for a file as __FILE__ or the line tables spell it: the base name, so that a report
// names the student's file, not the folder it was built in ("" without a file).
std::string file_line(const std::string& file, int line);

}  // namespace scanlab::cpu::detail
