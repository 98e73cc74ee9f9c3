// `scanlab grade`'s command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::grader {

struct grade_options {
  std::string submission;       // a folder laid out like labs/ ("": the repository's labs/)
  std::vector<int> lab_ids;     // "": every lab
  std::string backend = "auto";  // auto | gpu | cpu
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::string rubric_path, results_path, junit_path, markdown_path, prairielearn_path;
  unsigned jobs = 1;
  std::string batch_dir, out_dir;
  bool regrade = false, markdown_each = false, junit_each = false;
  bool no_class_report = false;  // --batch without OUT/report (scanlab report OUT builds it later)
  bool no_colour = false;
  std::string figures_dir;  // --figures DIR: a drawing of each failing lab's kernel (scanlab trace)
  bool no_jail = false;     // --no-jail: student code runs unjailed (jail.h); every report says so
};

// Parses argv (`scanlab grade ...`); `footer` closes --help. Returns -1 when grading goes on, else
// the exit status (0 after --help, 2 for a bad option).
int parse_grade_options(int argc, char** argv, const std::string& footer, grade_options& o);

}  // namespace scanlab::grader
