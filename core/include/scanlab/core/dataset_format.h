// A dataset directory, as scanlab-dataset writes it and a lab check's --dataset reads it:
//
//   input.npy     float32, shape (n,): what scan() gets
//   expected.npy  float64, shape (n,): the harness's fp64 reference scan of input.npy
//   meta.json     the lab, output kind, section size, n, distribution, seed, tolerance rule,
//                 scanlab version (datasets/README.md lists every key)
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "scanlab/core/lab_spec.h"

namespace scanlab::datasets {

struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr const char* input_file = "input.npy";
inline constexpr const char* expected_file = "expected.npy";
inline constexpr const char* meta_file = "meta.json";

// The version this build of scanlab writes into meta.json.
const char* scanlab_version();

struct meta {
  int lab_id = 0;
  std::string lab_name;
  core::output_kind output = core::output_kind::inclusive;
  unsigned section_size = 0;  // 0: the whole array is one scan
  std::uint64_t n = 0;
  std::string distribution;   // a scanlab distribution (distribution_name), or "custom"
  std::uint64_t seed = 0;
  std::string scanlab_version;
};

// meta.json's text, the tolerance rule included (it follows from the distribution).
std::string meta_json(const meta& m);
void write_meta(const std::string& dir, const meta& m);
// Throws error when meta.json is missing, is not JSON, or lacks a key the check needs.
meta read_meta(const std::string& dir);

struct dataset {
  meta info;
  std::vector<float> input;
  std::vector<double> expected;
};
// meta.json and both arrays, checked against each other (both of meta.n elements).
dataset read_dataset(const std::string& dir);

// dir/name, without doubling a trailing '/'.
std::string file_in(const std::string& dir, const char* name);

}  // namespace scanlab::datasets
