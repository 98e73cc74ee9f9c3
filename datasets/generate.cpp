#include "generate.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "scanlab/core/dataset_format.h"
#include "scanlab/core/npy.h"
#include "scanlab/core/case_plan.h"
#include "scanlab/core/reference.h"

namespace scanlab::datasets {

void check_request(const request& r) {
  const std::uint64_t largest = std::min<std::uint64_t>(r.lab.max_n, 0xffffffffull);
  if (r.n > largest)
    throw error(fmt::format("n = {} is more than {} takes (at most {} elements)", r.n, r.lab.name, largest));
}

void write_dataset(const std::string& dir, const request& r) {
  check_request(r);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw error(fmt::format("cannot create {}: {}", dir, ec.message()));

  // In chunks, with the streamed reference: a 2^30-element dataset needs no array of that size.
  constexpr std::size_t chunk = std::size_t(1) << 16;
  try {
    npy::writer input(file_in(dir, input_file), npy::dtype::float32, r.n);
    npy::writer expected(file_in(dir, expected_file), npy::dtype::float64, r.n);
    core::reference_scan reference(r.lab.output, r.lab.scan_section());
    std::vector<float> in(chunk);
    std::vector<double> out(chunk);
    for (std::uint64_t first = 0; first < r.n; first += chunk) {
      const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, r.n - first));
      for (std::size_t k = 0; k < count; ++k) {
        in[k] = core::input_element(r.seed, first + k, r.distribution);
        out[k] = reference.next(in[k]);
      }
      input.append(in.data(), count);
      expected.append(out.data(), count);
    }
    input.finish();
    expected.finish();
  } catch (const npy::error& e) {
    throw error(e.what());
  }

  meta m;
  m.lab_id = r.lab.id;
  m.lab_name = r.lab.name;
  m.output = r.lab.output;
  m.section_size = r.lab.section_size;
  m.n = r.n;
  m.distribution = core::distribution_name(r.distribution);
  m.seed = r.seed;
  m.scanlab_version = scanlab_version();
  write_meta(dir, m);
}

std::vector<standard_entry> standard_set(const core::lab_spec& lab, std::uint64_t seed) {
  std::set<std::uint64_t> sizes;
  for (const core::named_size& s : core::edge_sizes(lab))
    if (s.n <= lab.max_n) sizes.insert(s.n);
  std::vector<standard_entry> set;
  for (core::data_kind kind : core::all_data_kinds())
    for (std::uint64_t n : sizes)
      set.push_back({fmt::format("{}-{}", core::distribution_name(kind), n), {lab, n, kind, seed}});
  return set;
}

}  // namespace scanlab::datasets
