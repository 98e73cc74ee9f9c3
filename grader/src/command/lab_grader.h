// Grades one lab of one submission: plan, build, run every case in a sandboxed runner child (or a
// case server), judge each from the raw buffers the child wrote, score (lab_grader.cpp names the
// file of each step).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "command/grader_config.h"
#include "scanlab/core/lab_registry.h"
#include "report/results.h"
#include "plan/rubric.h"

namespace scanlab::grader {

struct lab_job {
  const grader_config* config = nullptr;
  const core::lab_entry* lab = nullptr;
  lab_rubric rubric;
  std::string submission_dir;  // laid out like labs/
  std::string backend;         // gpu | cpu
  std::uint64_t seed = 0;      // this lab's seed (fresh per run unless given)
  std::string work_dir;        // scratch, removed afterwards
  std::string reference_source;  // GPU performance: the reference solution's scan.cu
  std::function<void(const std::string&)> progress;  // "case 3/20"
  std::string figure;  // where to draw the kernel (scanlab trace) if the lab fails; "" : not
};

lab_result grade_lab(const lab_job& job);

}  // namespace scanlab::grader
