// The fp64 reference scan. Streamed: feed the input in order and get each expected output, so a
// 2^30-element check needs no reference array. Also how much rounding a float result may carry.
#pragma once

#include <cstddef>
#include <vector>

#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::core {

class reference_scan {
 public:
  // section: where the scan restarts (0 = never); see lab_spec::scan_section().
  reference_scan(output_kind kind, unsigned section) : kind_(kind), section_(section) {}

  // The expected output for the next element (elements come in order 0, 1, 2, ...).
  double next(float x) {
    if (section_ != 0 && position_ % section_ == 0) {
      sum_ = 0;
      terms_ = 0;
      magnitude_ = 0;
    }
    ++position_;
    double expected;
    if (kind_ == output_kind::exclusive_sections) {
      expected = sum_;
      terms_in_expected_ = terms_;
      sum_ += x;
    } else {
      sum_ += x;
      expected = sum_;
      terms_in_expected_ = terms_ + 1;
    }
    ++terms_;
    const double m = expected < 0 ? -expected : expected;
    if (m > magnitude_) magnitude_ = m;
    return expected;
  }

  // Number of input elements summed into the last expected value.
  std::size_t terms() const { return terms_in_expected_; }
  // The largest |partial sum| of the current scan so far: the scale of the float accumulators.
  double magnitude() const { return magnitude_; }

 private:
  output_kind kind_;
  unsigned section_;
  std::size_t position_ = 0;
  double sum_ = 0;
  std::size_t terms_ = 0;
  std::size_t terms_in_expected_ = 0;
  double magnitude_ = 0;
};

// Whole reference, for small n (tests, diagnostics).
std::vector<double> reference_output(const std::vector<float>& input, output_kind kind, unsigned section);

// How far a float result may be from the fp64 reference on float data: about 8 float epsilons
// per sqrt(terms), scaled by the largest partial sum reached (rounding errors are relative to the
// accumulators, which can be much larger than the final value). Integer data is checked exactly.
constexpr double tolerance_per_term = 1e-6;  // ~8.4 float epsilons
double float_tolerance(std::size_t terms, double magnitude);

// Integer data is exact in float while every partial sum of the scan so far is at most this:
// then any sum of a contiguous range (what a tree or a chain of blocks adds) is at most 2^24.
// Beyond it (ones at n > 2^23 in a whole-array scan) floats cannot hold the sums exactly.
constexpr double exact_magnitude_limit = 8388608.0;  // 2^23

// The error allowed for an output with `terms` summands at `magnitude` (reference_scan's), on
// `data`: 0 (exact) for integer data below exact_magnitude_limit, else float_tolerance.
double allowed_error(data_kind data, std::size_t terms, double magnitude);

}  // namespace scanlab::core
