#include "dataset_case.h"

#include <cmath>

#include <fmt/format.h>

#include "scanlab/core/dataset_format.h"
#include "scanlab/core/reference.h"

namespace scanlab::harness {

namespace {

// The scanlab-dataset command that makes the same data for `spec`'s lab.
std::string remake_command(const core::lab_spec& spec, const datasets::meta& m) {
  core::data_kind kind = core::data_kind::small_integers;  // a hand-made dataset: any distribution will do
  core::parse_data_kind(m.distribution.c_str(), kind);
  return fmt::format("scanlab-dataset --lab {} --n {} --dist {} --seed {} --out DIR", spec.id, m.n,
                     core::distribution_name(kind), m.seed);
}

}  // namespace

case_def dataset_case(const core::lab_spec& spec, const std::string& dir) {
  datasets::dataset d;
  try {
    d = datasets::read_dataset(dir);
  } catch (const datasets::error& e) {
    throw dataset_error(e.what());
  }
  const datasets::meta& m = d.info;
  if (m.lab_id != spec.id || m.lab_name != spec.name)
    throw dataset_error(fmt::format(
        "{} is a dataset for lab {} ({}), but this is the check of lab {} ({}).\n"
        "Check it with the lab {} executable ({}-check-...), or make a dataset for lab {}:\n  {}",
        dir, m.lab_id, m.lab_name, spec.id, spec.name, m.lab_id, m.lab_name, spec.id, remake_command(spec, m)));
  if (m.output != spec.output || m.section_size != spec.section_size)
    throw dataset_error(fmt::format(
        "{} expects the {} output with sections of {}, but {} now asks for the {} output with sections of {}: "
        "the dataset is from an older labs.json. Make it again:\n  {}",
        dir, core::output_kind_name(m.output), m.section_size, spec.name, core::output_kind_name(spec.output), spec.section_size,
        remake_command(spec, m)));
  if (m.n > 0xffffffffull)
    throw dataset_error(fmt::format("{}: n = {} does not fit scan()'s unsigned n", dir, m.n));

  case_def c;
  c.kind = case_kind::normal;
  c.n = m.n;
  c.seed = m.seed;
  // A hand-made dataset's data is checked like float data (with the rounding tolerance).
  if (!core::parse_data_kind(m.distribution.c_str(), c.data)) c.data = core::data_kind::uniform_floats;
  c.why = "dataset";
  auto given = std::make_shared<given_data>();
  given->dir = dir;
  given->distribution = m.distribution;
  given->input = std::move(d.input);
  given->expected = std::move(d.expected);
  c.given = std::move(given);
  return c;
}

std::optional<std::string> reference_disagreement(const core::lab_spec& spec, const case_def& c) {
  if (!c.given) return std::nullopt;
  core::reference_scan reference(spec.output, spec.scan_section());
  const std::vector<float>& input = c.given->input;
  const std::vector<double>& expected = c.given->expected;
  for (std::size_t i = 0; i < input.size(); ++i) {
    const double ours = reference.next(input[i]);
    const double allowed = core::allowed_error(c.data, reference.terms(), reference.magnitude());
    if (std::fabs(ours - expected[i]) <= allowed) continue;
    return fmt::format("expected.npy differs from the harness's fp64 reference of input.npy at index {} "
                       "(expected.npy: {:.10g}, reference: {:.10g}); the check compares with expected.npy",
                       i, expected[i], ours);
  }
  return std::nullopt;
}

}  // namespace scanlab::harness
