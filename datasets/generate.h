// Writing datasets: one (lab, n, distribution, seed), or a lab's standard set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::datasets {

struct request {
  core::lab_spec lab;
  std::uint64_t n = 0;
  core::data_kind distribution = core::data_kind::small_integers;
  std::uint64_t seed = 1;
};

// Throws datasets::error when the lab cannot take n elements.
void check_request(const request& r);

// Creates dir and writes input.npy, expected.npy and meta.json into it. The input is
// core::input_element(seed, i, distribution) and the expected output core::reference_scan's,
// element by element: exactly what the harness generates and checks for the same case.
void write_dataset(const std::string& dir, const request& r);

struct standard_entry {
  std::string subdir;  // "<distribution>-<n>", e.g. "small-integers-1025"
  request what;
};
// Every distribution at every edge size of the lab (core::edge_sizes, in increasing order).
std::vector<standard_entry> standard_set(const core::lab_spec& lab, std::uint64_t seed);

}  // namespace scanlab::datasets
