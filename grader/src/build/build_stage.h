// The build stage: the submission's scan.cu is copied into a clean temporary tree with the
// grader's own lab.h and compiled into a shared object that a runner loads. Bad input (missing,
// empty, a library scan, a wrong signature, a compile error) becomes one clear message.
#pragma once

#include <string>

#include "command/grader_config.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::grader {

struct build_result {
  bool ok = false;
  std::string diagnosis;  // missing_file | empty_file | uses_library | compile_error | wrong_signature | no_kernel
  std::string message;
  std::string object;     // the shared object, when ok
};

// backend: gpu | cpu | cpu-asan. work_dir: a fresh directory of this lab's grading.
build_result build_submission(const grader_config& config, const core::lab_spec& spec, const std::string& source,
                              const std::string& backend, const std::string& work_dir, const std::string& display_name);

}  // namespace scanlab::grader
