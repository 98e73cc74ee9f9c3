// Grades submissions: every (submission, lab) pair is one unit of work, and `jobs` workers take
// units in turn, so a batch keeps every core busy and a hang in one submission (killed at its
// time limit) holds up one worker for that long, never the others.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "command/grader_config.h"
#include "batch/progress.h"
#include "report/results.h"
#include "plan/rubric.h"

namespace scanlab::grader {

struct grading_request {
  const grader_config* config = nullptr;
  const rubric* rules = nullptr;
  std::vector<int> lab_ids;  // which labs
  std::string backend;       // gpu | cpu (resolved)
  std::uint64_t seed = 0;
  std::string seed_text;
  unsigned jobs = 1;
  std::string figures_dir;  // "" : no drawings (grade_options::figures_dir)
  progress_line* progress = nullptr;
  // Called once per submission as soon as its last lab is graded (one call at a time, from a
  // worker thread), so a batch can write each result to disk before the next one finishes.
  std::function<void(std::size_t index, const submission_result&)> on_submission_done;
};

// One result per submission folder, in the order given.
std::vector<submission_result> grade_submissions(const grading_request& request, const std::vector<std::string>& dirs);

}  // namespace scanlab::grader
