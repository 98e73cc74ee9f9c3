#include "scanlab/core/reference.h"

#include <algorithm>
#include <cmath>

namespace scanlab::core {

std::vector<double> reference_output(const std::vector<float>& input, output_kind kind, unsigned section) {
  reference_scan scan(kind, section);
  std::vector<double> out(input.size());
  for (std::size_t i = 0; i < input.size(); ++i) out[i] = scan.next(input[i]);
  return out;
}

double float_tolerance(std::size_t terms, double magnitude) {
  return tolerance_per_term * std::sqrt(static_cast<double>(std::max<std::size_t>(terms, 1))) * std::max(1.0, magnitude);
}

double allowed_error(data_kind data, std::size_t terms, double magnitude) {
  if (integer_valued(data) && magnitude <= exact_magnitude_limit) return 0;
  return float_tolerance(terms, magnitude);
}

}  // namespace scanlab::core
