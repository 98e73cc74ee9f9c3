#include "scanlab/core/verify.h"

#include <cmath>
#include <cstring>

#include "scanlab/core/guards.h"

namespace scanlab::core {

output_checker::output_checker(const lab_spec& spec, std::size_t n, data_kind data)
    : reference_(spec.output, spec.scan_section()), data_(data), section_(spec.check_section()),
      items_(spec.items_per_thread), full_end_(n / spec.check_section() * spec.check_section()) {
  result_.n = n;
}

void output_checker::check(const float* out, const float* in, std::size_t first_index, std::size_t count,
                           const double* given_expected) {
  for (std::size_t k = 0; k < count; ++k) {
    const double reference = reference_.next(in[k]);
    const double expected = given_expected != nullptr ? given_expected[k] : reference;
    const float got = out[k];
    const double tolerance = allowed_error(data_, reference_.terms(), reference_.magnitude());
    const bool good = tolerance == 0 ? static_cast<double>(got) == expected  // NaN compares unequal
                                     : std::fabs(static_cast<double>(got) - expected) <= tolerance;  // false for NaN
    const std::size_t i = first_index + k;
    output_check& r = result_;
    if (items_ > 1 && i % items_ != 0) {
      // Inside a thread's run: does the error stay what it was at the previous element?
      const double error = static_cast<double>(got) - expected;  // NaN when got is NaN
      const bool same = good ? !previous_wrong_
                             : previous_wrong_ && std::fabs(error - previous_error_) <= tolerance + previous_tolerance_;
      if (!same) ++r.errors_change_within_chunks;
    }
    previous_wrong_ = !good;
    previous_error_ = static_cast<double>(got) - expected;
    previous_tolerance_ = tolerance;
    if (good) continue;

    ++r.wrong;
    std::uint32_t bits;
    std::memcpy(&bits, &got, sizeof bits);
    if (bits == output_poison_bits) {
      ++r.never_written;
    } else if (std::isnan(got)) {
      ++r.nan;
      if (bits == cpu_shared_poison_bits) ++r.shared_poison;
      if (bits == workspace_fill_bits) ++r.workspace_fill;
    }
    if (i % section_ == 0) ++r.wrong_at_section_start;
    if (i < full_end_) ++r.wrong_in_full_sections;
    if (!r.first_found) {
      r.first_found = true;
      r.first = i;
      r.expected = expected;
      r.got = got;
      r.tolerance = tolerance;
    }
    r.last = i;
    if (r.first_mismatches.size() < output_check::max_recorded) r.first_mismatches.push_back({i, in[k], expected, got});
  }
}

output_check check_output(const lab_spec& spec, const std::vector<float>& input, const std::vector<float>& output,
                          data_kind data) {
  output_checker checker(spec, output.size(), data);
  checker.check(output.data(), input.data(), 0, output.size());
  return checker.result();
}

}  // namespace scanlab::core
