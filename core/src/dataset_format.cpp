#include "scanlab/core/dataset_format.h"

#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "scanlab/core/npy.h"
#include "scanlab/core/inputs.h"
#include "scanlab/core/reference.h"

#ifndef SCANLAB_VERSION
#error "SCANLAB_VERSION is defined by core/CMakeLists.txt from the project's version"
#endif

namespace scanlab::datasets {

namespace {

using json = nlohmann::ordered_json;  // keeps meta.json in the documented order

// The rule verify.cpp applies (core::allowed_error), in words and numbers for numpy users.
json tolerance_json(const std::string& distribution) {
  core::data_kind kind = core::data_kind::uniform_floats;  // custom data: float rule
  const bool known = core::parse_data_kind(distribution.c_str(), kind);
  const bool exact = known && core::integer_valued(kind);
  const std::string relative =
      fmt::format("|got - expected| <= {:g} * sqrt(terms) * max(1, magnitude)", core::tolerance_per_term);
  json t;
  t["exact"] = exact;
  t["exact_magnitude_limit"] = exact ? json(core::exact_magnitude_limit) : json(nullptr);
  t["relative_per_term"] = core::tolerance_per_term;
  t["rule"] = exact ? fmt::format("got == expected while magnitude <= {:.0f} (2^23: integer sums are exact in "
                                  "float); beyond that {}",
                                  core::exact_magnitude_limit, relative)
                    : relative;
  t["terms"] = "input elements summed into expected[i]: i - start + 1 for an inclusive scan, i - start for an "
               "exclusive one, start = the first index of i's scan section";
  t["magnitude"] = "the largest |expected[j]| for start <= j <= i";
  return t;
}

template <typename T>
T required(const json& j, const char* key, const std::string& path) {
  if (!j.contains(key)) throw error(fmt::format("{} lacks \"{}\": is it a dataset made by scanlab-dataset?", path, key));
  try {
    return j.at(key).get<T>();
  } catch (const json::exception&) {
    throw error(fmt::format("{}: \"{}\" has the wrong type ({})", path, key, j.at(key).dump()));
  }
}

}  // namespace

const char* scanlab_version() { return SCANLAB_VERSION; }

std::string file_in(const std::string& dir, const char* name) {
  if (dir.empty()) return name;
  return dir.back() == '/' ? dir + name : dir + "/" + name;
}

std::string meta_json(const meta& m) {
  json j;
  j["format"] = "scanlab-dataset";
  j["format_version"] = 1;
  j["lab_id"] = m.lab_id;
  j["lab_name"] = m.lab_name;
  j["output"] = core::output_kind_name(m.output);
  j["section_size"] = m.section_size;
  j["n"] = m.n;
  j["distribution"] = m.distribution;
  j["seed"] = m.seed;
  j["input"] = {{"file", input_file}, {"dtype", "float32"}, {"shape", {m.n}}};
  j["expected"] = {{"file", expected_file}, {"dtype", "float64"}, {"shape", {m.n}}};
  j["tolerance"] = tolerance_json(m.distribution);
  j["scanlab_version"] = m.scanlab_version;
  return j.dump(2) + "\n";
}

void write_meta(const std::string& dir, const meta& m) {
  const std::string path = file_in(dir, meta_file);
  std::ofstream out(path, std::ios::trunc);
  out << meta_json(m);
  out.close();
  if (!out) throw error("cannot write " + path);
}

meta read_meta(const std::string& dir) {
  const std::string path = file_in(dir, meta_file);
  std::ifstream in(path);
  if (!in) throw error(fmt::format("{} not found: a dataset directory holds {}, {} and {} (make one with scanlab-dataset)",
                                   path, input_file, expected_file, meta_file));
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw error(fmt::format("{} is not valid JSON: {}", path, e.what()));
  }
  meta m;
  m.lab_id = required<int>(j, "lab_id", path);
  m.lab_name = required<std::string>(j, "lab_name", path);
  const auto output = required<std::string>(j, "output", path);
  if (!core::parse_output_kind(output, m.output))
    throw error(fmt::format("{}: unknown output \"{}\" (inclusive, inclusive_sections or exclusive_sections)", path, output));
  m.section_size = required<unsigned>(j, "section_size", path);
  m.n = required<std::uint64_t>(j, "n", path);
  m.distribution = j.value("distribution", std::string("custom"));
  m.seed = j.value("seed", std::uint64_t(0));
  m.scanlab_version = j.value("scanlab_version", std::string());
  return m;
}

dataset read_dataset(const std::string& dir) {
  dataset d;
  d.info = read_meta(dir);
  try {
    d.input = npy::read_float32(file_in(dir, input_file));
    d.expected = npy::read_float64(file_in(dir, expected_file));
  } catch (const npy::error& e) {
    throw error(e.what());
  }
  if (d.input.size() != d.info.n || d.expected.size() != d.info.n)
    throw error(fmt::format("{}: meta.json says n = {}, but {} holds {} elements and {} {}", dir, d.info.n, input_file,
                            d.input.size(), expected_file, d.expected.size()));
  return d;
}

}  // namespace scanlab::datasets
