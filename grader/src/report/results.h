// What grading produces: tests with points, grouped by lab and submission. Every report
// (terminal, Gradescope JSON, JUnit, Markdown, CSV) is written from these.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace scanlab::grader {

struct test_result {
  std::string name;        // "lab 3: edge sizes"
  std::string kind;        // edge | random | large | race | barrier | memory | progress | performance | build
  double score = 0, max_score = 0;
  bool passed = true;
  bool graded = true;      // false: reported but not graded (CPU performance)
  std::string diagnosis;   // machine-readable first failure: wrong_output, race, hang, ...
  std::string output;      // what the student reads
};

struct lab_result {
  int id = 0;
  std::string name;
  std::vector<test_result> tests;
  std::vector<std::string> notes;  // messages about the lab as a whole (extra files, ...)
  std::optional<double> throughput_gelems;  // performance runs: elements per ns
  // Set when the machine could not grade this lab (the runner found no usable device): then the
  // lab has no tests and no score, and `scanlab grade` stops with exit status 4, writing no grade.
  std::string infrastructure_error;
  // Set when this backend cannot build or run a file that should not need it (a feature the CPU
  // backend leaves out, or a limitation of the backend): the text names the feature, the line and
  // where to grade it instead ("needs a GPU grader"). The lab is then marked for instructor review
  // in every report and never reads as the student's compile error; its tests score 0 of 0.
  std::string cannot_grade;
  double seconds = 0;
  double score() const;
  double max_score() const;
};

struct submission_result {
  std::string name;  // folder name
  std::string dir;
  std::string backend;
  std::string seed_text;  // the seed, or "hidden" when it came from SCANLAB_GRADER_SEED
  std::vector<lab_result> labs;
  std::vector<std::string> messages;  // about the submission as a whole
  double seconds = 0;
  double score() const;
  double max_score() const;
};

}  // namespace scanlab::grader
