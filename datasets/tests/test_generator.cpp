// The generator: same seed -> same bytes, expected.npy is the harness's reference, meta.json says
// what the check needs, the standard set, and the lab registry compiled in from labs.json.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "scanlab/core/dataset_format.h"
#include "scanlab/core/npy.h"
#include "generate.h"
#include "scanlab/core/reference.h"
#include "scanlab/core/lab_registry.h"
#include "scanlab_catch.hpp"
#include "temp_dir.h"

using namespace scanlab;
using namespace scanlab::core;
using scanlab_test::contains_text;

namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

datasets::request request_for(int lab, std::uint64_t n, data_kind kind, std::uint64_t seed) {
  const lab_entry* entry = find_lab(std::to_string(lab));
  REQUIRE(entry);
  return {entry->spec, n, kind, seed};
}

}  // namespace

TEST_CASE("generator: the same seed writes the same bytes, another seed other bytes", "[generator]") {
  scanlab_test::temp_dir dir;
  for (data_kind kind : all_data_kinds()) {
    INFO(distribution_name(kind));
    const auto r = request_for(3, 5001, kind, 7);
    datasets::write_dataset(dir / "a", r);
    datasets::write_dataset(dir / "b", r);
    for (const char* file : {datasets::input_file, datasets::expected_file, datasets::meta_file})
      CHECK(contents(datasets::file_in(dir / "a", file)) == contents(datasets::file_in(dir / "b", file)));
    if (kind == data_kind::ones) continue;  // no randomness to differ
    auto other = r;
    other.seed = 8;
    datasets::write_dataset(dir / "c", other);
    CHECK(contents(datasets::file_in(dir / "a", datasets::input_file)) !=
          contents(datasets::file_in(dir / "c", datasets::input_file)));
  }
}

TEST_CASE("generator: input.npy and expected.npy are what the harness generates and expects", "[generator]") {
  scanlab_test::temp_dir dir;
  // Sections (lab 2), exclusive sections (lab 5), the whole array (lab 7); float and integer data.
  for (int lab : {2, 5, 7})
    for (data_kind kind : all_data_kinds()) {
      INFO("lab " << lab << ", " << distribution_name(kind));
      const auto r = request_for(lab, 70001, kind, 3);  // more than one chunk of the writer
      datasets::write_dataset(dir.str(), r);
      const std::vector<float> input = make_input(r.n, r.seed, kind);
      const std::vector<double> expected = reference_output(input, r.lab.output, r.lab.scan_section());
      const auto in = npy::read_float32(dir / datasets::input_file);
      const auto out = npy::read_float64(dir / datasets::expected_file);
      REQUIRE(in.size() == r.n);
      REQUIRE(out.size() == r.n);
      CHECK(std::memcmp(in.data(), input.data(), r.n * sizeof(float)) == 0);
      CHECK(std::memcmp(out.data(), expected.data(), r.n * sizeof(double)) == 0);
    }
}

TEST_CASE("generator: meta.json names the lab, the data and the tolerance rule", "[generator]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir / "ints", request_for(5, 300, data_kind::small_integers, 9));
  const datasets::meta m = datasets::read_meta(dir / "ints");
  CHECK(m.lab_id == 5);
  CHECK(m.lab_name == "lab5-exclusive");
  CHECK(m.output == output_kind::exclusive_sections);
  CHECK(m.section_size == 1024);
  CHECK(m.n == 300);
  CHECK(m.distribution == "small-integers");
  CHECK(m.seed == 9);
  CHECK(m.scanlab_version == datasets::scanlab_version());

  const auto ints = nlohmann::json::parse(contents(datasets::file_in(dir / "ints", datasets::meta_file)));
  CHECK(ints["tolerance"]["exact"] == true);
  CHECK(ints["tolerance"]["exact_magnitude_limit"] == 8388608.0);
  CHECK(ints["input"]["dtype"] == "float32");
  CHECK(ints["expected"]["file"] == "expected.npy");

  datasets::write_dataset(dir / "floats", request_for(5, 300, data_kind::uniform_floats, 9));
  const auto floats = nlohmann::json::parse(contents(datasets::file_in(dir / "floats", datasets::meta_file)));
  CHECK(floats["tolerance"]["exact"] == false);
  CHECK(floats["tolerance"]["relative_per_term"] == tolerance_per_term);
  CHECK_THAT(floats["tolerance"]["rule"].get<std::string>(), contains_text("sqrt(terms)"));
}

TEST_CASE("generator: reading a dataset checks its parts against each other", "[generator]") {
  scanlab_test::temp_dir dir;
  datasets::write_dataset(dir.str(), request_for(2, 100, data_kind::ones, 1));
  CHECK(datasets::read_dataset(dir.str()).input.size() == 100);

  npy::write(dir / datasets::input_file, std::vector<float>(99, 1.0f));
  CHECK_THROWS_WITH(datasets::read_dataset(dir.str()), contains_text("meta.json says n = 100"));
  std::filesystem::remove(dir / datasets::meta_file);
  CHECK_THROWS_WITH(datasets::read_dataset(dir.str()), contains_text("meta.json not found"));
}

TEST_CASE("generator: n beyond the lab's largest is refused", "[generator]") {
  scanlab_test::temp_dir dir;
  CHECK_THROWS_WITH(datasets::write_dataset(dir.str(), request_for(1, 65537, data_kind::ones, 1)),
                    contains_text("at most 65536"));
}

TEST_CASE("generator: the standard set is every distribution at every edge size", "[generator]") {
  const auto lab2 = find_lab("2")->spec;
  const auto set = datasets::standard_set(lab2, 5);
  // 0 1 2 31 32 33 1023 1024 1025 2049: lab 2's S is 1024, so S-1, S, S+1 repeat sizes above.
  CHECK(set.size() == 5 * 10);
  CHECK(set.front().subdir == "small-integers-0");
  CHECK(set.back().subdir == "ones-2049");
  for (const auto& entry : set) CHECK(entry.what.seed == 5);

  const auto lab8 = find_lab("lab8-single-pass")->spec;
  bool has_two_blocks = false;
  for (const auto& entry : datasets::standard_set(lab8, 1)) has_two_blocks |= entry.subdir == "uniform-16385";
  CHECK(has_two_blocks);  // 2 blocks of 8192, + 1
}

TEST_CASE("generator: the labs of labs.json are compiled in", "[generator]") {
  const auto& labs = known_labs();
  REQUIRE(labs.size() >= 8);
  CHECK(find_lab("2")->spec.output == output_kind::inclusive_sections);
  CHECK(find_lab("3")->spec.name == "lab3-double-buffer");
  CHECK(find_lab("lab3")->spec.id == 3);
  CHECK(find_lab("lab4-brent-kung")->spec.section_size == 2048);
  CHECK(find_lab(4)->title == "Work-efficient Brent-Kung scan");
  CHECK_FALSE(find_lab("9"));
}
