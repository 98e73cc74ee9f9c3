// --dataset DIR: a dataset written by scanlab-dataset (datasets/README.md) as one case of this
// lab's check, run like any other (poisoned output, guards, two calls) but on the dataset's input
// and compared with its expected.npy.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "cases.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::harness {

struct dataset_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws dataset_error with a message a student can act on: files missing or damaged, or a
// dataset made for another lab (or for an older definition of this one).
case_def dataset_case(const core::lab_spec& spec, const std::string& dir);

// Where expected.npy leaves the harness's own fp64 reference of input.npy by more than the
// tolerance (a hand-made expected.npy, say), a note saying where; the check still compares with
// expected.npy.
std::optional<std::string> reference_disagreement(const core::lab_spec& spec, const case_def& c);

}  // namespace scanlab::harness
