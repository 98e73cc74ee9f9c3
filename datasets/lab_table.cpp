#include "lab_table.h"

#include <nlohmann/json.hpp>

namespace scanlab::datasets {

extern const char* const labs_json;  // labs_json.cpp, generated from labs/labs.json

std::vector<harness::lab_spec> known_labs() {
  // The build already checked labs.json (cmake/ScanlabLab.cmake stops on a bad entry), so a
  // parse failure here would be a build-system bug: let the exception say so.
  const auto labs = nlohmann::json::parse(labs_json);
  std::vector<harness::lab_spec> specs;
  for (const auto& entry : labs) {
    harness::lab_spec spec;
    spec.id = entry.at("id").get<int>();
    spec.name = entry.at("name").get<std::string>();
    harness::parse_output_kind(entry.at("output").get<std::string>(), spec.output);
    spec.section_size = entry.at("section_size").get<unsigned>();
    spec.block_size = entry.at("block_size").get<unsigned>();
    spec.items_per_thread = entry.at("items_per_thread").get<unsigned>();
    spec.max_n = entry.at("max_n").get<std::uint64_t>();
    spec.cpu_max_n = entry.at("cpu_max_n").get<std::uint64_t>();
    spec.time_limit_s = entry.at("time_limit_s").get<double>();
    spec.variant = "dataset";
    spec.backend = "cpu";
    specs.push_back(spec);
  }
  return specs;
}

std::optional<harness::lab_spec> find_lab(const std::string& id_or_name) {
  for (const harness::lab_spec& spec : known_labs())
    if (id_or_name == std::to_string(spec.id) || id_or_name == spec.name || id_or_name == "lab" + std::to_string(spec.id))
      return spec;
  return std::nullopt;
}

}  // namespace scanlab::datasets
