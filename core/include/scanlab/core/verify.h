// Compares an output with the fp64 reference, element by element, and records what the report
// needs: the first mismatch and where the mismatches lie (section starts, the partial tail).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_spec.h"
#include "scanlab/core/reference.h"

namespace scanlab::core {

// One wrong element, as the dataset diff table shows it.
struct mismatch {
  std::size_t index = 0;
  float input = 0;
  double expected = 0;
  float got = 0;
};

struct output_check {
  std::size_t n = 0;
  std::size_t wrong = 0;          // elements outside tolerance (any NaN is wrong)
  std::size_t never_written = 0;  // elements still holding the output poison
  std::size_t nan = 0;            // other NaNs
  std::size_t shared_poison = 0;  // ... of which the CPU backend's unwritten-shared-memory pattern
  std::size_t workspace_fill = 0; // ... of which 0xffffffff, the dirty workspace's bytes
  std::size_t wrong_at_section_start = 0;  // mismatches at a multiple of the check section
  std::size_t wrong_in_full_sections = 0;  // mismatches before the partial last section
  // Coarsened labs (items_per_thread >= 4, each thread owning a run of consecutive elements): how
  // often the error (got - expected) changes between neighbours of the same thread's run. 0 means
  // every run is off by one amount, as when a thread's items lack the preceding threads' total.
  std::size_t errors_change_within_chunks = 0;
  bool first_found = false;
  std::size_t first = 0;          // first mismatch: index, expected and actual value
  double expected = 0;
  float got = 0;
  double tolerance = 0;           // allowed error at the first mismatch (0: exact)
  std::size_t last = 0;           // last mismatch
  std::vector<mismatch> first_mismatches;  // the first few (up to max_recorded), in index order
  static constexpr std::size_t max_recorded = 8;

  bool ok() const { return wrong == 0; }
  bool all_never_written() const { return n > 0 && never_written == n; }
};

// Checks an output given in consecutive pieces (element 0 first), against the input.
class output_checker {
 public:
  output_checker(const lab_spec& spec, std::size_t n, data_kind data);
  // out[k] and in[k] are elements first_index + k. With `expected` (a dataset's expected.npy,
  // element first_index + k at expected[k]) outputs are compared with it instead of the streamed
  // reference, which still provides the tolerance.
  void check(const float* out, const float* in, std::size_t first_index, std::size_t count,
             const double* expected = nullptr);
  const output_check& result() const { return result_; }

 private:
  reference_scan reference_;
  data_kind data_;
  unsigned section_;      // the check section S
  unsigned items_;        // items per thread (the run length of errors_change_within_chunks)
  bool previous_wrong_ = false;  // element first_index - 1: wrong, its error and tolerance
  double previous_error_ = 0, previous_tolerance_ = 0;
  std::size_t full_end_;  // end of the last full section
  output_check result_;
};

output_check check_output(const lab_spec& spec, const std::vector<float>& input, const std::vector<float>& output,
                          data_kind data);

}  // namespace scanlab::core
