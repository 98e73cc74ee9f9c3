// How a runner (runner_main.cpp) ends, as the grader (lab_grader.cpp) reads it. Both include this
// file, so the two programs cannot disagree on what a status means.
#pragma once

namespace scanlab::grader {

// 0: done, the grader reads the status file. The runner exits with these otherwise:
constexpr int runner_exit_misuse = 3;     // bad arguments or an unusable submission (no scan(), ...)
constexpr int runner_exit_no_device = 4;  // no usable device: the machine's fault, not the submission's

}  // namespace scanlab::grader
