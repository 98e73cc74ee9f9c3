// Unit tests of the grader's pure decisions (grader/src/checks.h): compiler messages, library
// scans in the source, and the performance score with its plausibility check.
#include <cmath>
#include <string>

#include "checks.h"
#include "scanlab_catch.hpp"

using namespace scanlab::grader;
using scanlab_test::contains_text;

TEST_CASE("grader checks: nvcc's file(line) locations become file:line") {
  CHECK(rewrite_nvcc_locations("lab2-kogge-stone/scan.cu(23): error: identifier \"x\" is undefined") ==
        "lab2-kogge-stone/scan.cu:23: error: identifier \"x\" is undefined");
  CHECK(rewrite_nvcc_locations("/tmp/a b/lab.h(7): warning #177-D: variable declared") ==
        "/tmp/a b/lab.h:7: warning #177-D: variable declared");
  CHECK(rewrite_nvcc_locations("scan.cu(3): catastrophic error: cannot open source file \"x.h\"") ==
        "scan.cu:3: catastrophic error: cannot open source file \"x.h\"");
  CHECK(rewrite_nvcc_locations("lab.h(7): warning #177-D: unused\nscan.cu(12): error: bad\n") ==
        "lab.h:7: warning #177-D: unused\nscan.cu:12: error: bad\n");
  // gcc's own format and text that only looks alike stay as they are.
  CHECK(rewrite_nvcc_locations("scan.cu:23:5: error: expected ';'") == "scan.cu:23:5: error: expected ';'");
  CHECK(rewrite_nvcc_locations("  detected during instantiation of f(int) at line 12") ==
        "  detected during instantiation of f(int) at line 12");
  CHECK(rewrite_nvcc_locations("call(3): not at a location") == "call(3): not at a location");
}

TEST_CASE("grader checks: a compiler message names the student's file at file:line") {
  const std::string nvcc =
      "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu(23): error: identifier \"sectoin\" is undefined\n"
      "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu(40): error: expected a \";\"\n"
      "2 errors detected in the compilation of \"/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu\".\n";
  const std::string m =
      compiler_message(nvcc, "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu", "lab2-kogge-stone/scan.cu");
  CHECK_THAT(m, contains_text("lab2-kogge-stone/scan.cu:23: error: identifier \"sectoin\" is undefined"));
  CHECK_THAT(m, contains_text("lab2-kogge-stone/scan.cu:40: error: expected a \";\""));
  CHECK(m.find("/tmp/") == std::string::npos);
  CHECK(m.find("scan.cu(") == std::string::npos);
  const std::string gcc = compiler_message("/w/scan.cu:9:3: error: 'x' was not declared\n", "/w/scan.cu", "lab1-naive/scan.cu");
  CHECK(gcc == "lab1-naive/scan.cu:9:3: error: 'x' was not declared\n");
}

