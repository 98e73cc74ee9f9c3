// The harness's --dataset path on the CPU backend, with plain C++ scans of lab 2 (they reach the
// device memory through the CPU backend's host_view, as trusted code may: a student's host code
// cannot): a right scan passes, a wrong one gets the diff table, and a dataset of another lab is
// refused with a message.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "scanlab/core/dataset_format.h"
#include "scanlab/core/npy.h"
#include "generate.h"
#include "harness/dataset_case.h"
#include "harness/suite.h"
#include "scanlab/core/lab_registry.h"
#include "scanlab/cpu/control.h"
#include "scanlab_catch.hpp"
#include "temp_dir.h"

using namespace scanlab;
using namespace scanlab::core;
using namespace scanlab::harness;
using scanlab_test::contains_text;

namespace {

constexpr unsigned section = 1024;  // lab 2

std::size_t no_workspace(unsigned) { return 0; }

void right_scan(const float* device_in, float* device_out, unsigned n, void*) {
  const float* in = cpu::host_view(device_in);
  float* out = cpu::host_view(device_out);
  float sum = 0;
  for (unsigned i = 0; i < n; ++i) out[i] = sum = (i % section == 0 ? 0 : sum) + in[i];
}

// Exclusive instead of inclusive: every element is off by its own input.
void exclusive_scan(const float* device_in, float* device_out, unsigned n, void*) {
  const float* in = cpu::host_view(device_in);
  float* out = cpu::host_view(device_out);
  float sum = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (i % section == 0) sum = 0;
    out[i] = sum;
    sum += in[i];
  }
}

void writes_nothing(const float*, float*, unsigned, void*) {}

lab_spec lab2() {
  lab_spec spec = core::find_lab("2")->spec;
  spec.variant = "test";
  return spec;
}

suite_result run_dataset(const std::string& dir, scan_fn scan) {
  suite_options options;
  options.executable = "lab2-check";
  options.dataset = dataset_case(lab2(), dir);
  return run_suite(lab2(), {&no_workspace, scan}, options, nullptr);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const auto& line : lines) all += line + "\n";
  return all;
}

}  // namespace

TEST_CASE("dataset check: a right scan passes, as one case named after the dataset", "[dataset-check]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), {lab2(), 3000, data_kind::mixed_magnitudes, 4});
  const suite_result result = run_dataset(dir.str(), &right_scan);
  REQUIRE(result.results.size() == 1);
  CHECK(result.all_passed());
  CHECK(describe(result.results[0].def, lab2()) == "dataset " + dir.str() + ": n = 3000 (mixed-magnitudes, seed 4)");
  CHECK_THAT(result.results[0].replay, contains_text("lab2-check --dataset " + dir.str()));
}

TEST_CASE("dataset check: a wrong scan gets the first mismatch and a diff table", "[dataset-check]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), {lab2(), 2049, data_kind::alternating_signs, 1});
  const suite_result result = run_dataset(dir.str(), &exclusive_scan);
  REQUIRE(result.results.size() == 1);
  const case_result& r = result.results[0];
  CHECK(r.status == case_status::failed);
  CHECK(r.headline == "wrong output");
  const std::string details = joined(r.details);
  CHECK_THAT(details, contains_text("first mismatch at index 0 (section 0, element 0 of it)"));
  CHECK_THAT(details, contains_text("index"));
  CHECK_THAT(details, contains_text("expected"));
  // Row of index 0: input +a, expected +a, got 0 (an exclusive scan starts at 0).
  const float a = input_element(1, 0, data_kind::alternating_signs);
  CHECK_THAT(details, contains_text(fmt::format("{:>10}  {:>14}  {:>16}  {}", 0, fmt::format("{:.9g}", a),
                                                fmt::format("{:.10g}", a), "0")));
  CHECK_THAT(details, contains_text("more)"));
}

TEST_CASE("dataset check: an output never written is named so", "[dataset-check]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), {lab2(), 100, data_kind::ones, 1});
  const suite_result result = run_dataset(dir.str(), &writes_nothing);
  REQUIRE(result.results.size() == 1);
  CHECK(result.results[0].headline == "output never written");
  CHECK_THAT(joined(result.results[0].details), contains_text("never written"));
}

TEST_CASE("dataset check: the check compares with expected.npy, and notes where it is not the reference",
          "[dataset-check]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), {lab2(), 500, data_kind::small_integers, 2});
  auto expected = npy::read_float64(dir / datasets::expected_file);
  expected[123] += 1;  // a hand-edited expected.npy
  npy::write(dir / datasets::expected_file, expected);

  const case_def c = dataset_case(lab2(), dir.str());
  const auto note = reference_disagreement(lab2(), c);
  REQUIRE(note);
  CHECK_THAT(*note, contains_text("at index 123"));
  const suite_result result = run_dataset(dir.str(), &right_scan);
  REQUIRE(result.results.size() == 1);
  REQUIRE(result.results[0].output);
  CHECK(result.results[0].output->first == 123);
  CHECK(result.results[0].output->wrong == 1);
}

TEST_CASE("dataset check: a dataset of another lab is refused", "[dataset-check]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), {core::find_lab("3")->spec, 10, data_kind::ones, 1});
  CHECK_THROWS_WITH(dataset_case(lab2(), dir.str()),
                    contains_text("is a dataset for lab 3 (lab3-double-buffer), but this is the check of lab 2"));
  CHECK_THROWS_WITH(dataset_case(lab2(), dir / "nothing-here"), contains_text("meta.json not found"));
}
