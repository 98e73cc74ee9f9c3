#include "labs_registry.h"

#include <fstream>

#include <nlohmann/json.hpp>

namespace scanlab::grader {

bool load_labs(const std::string& path, std::vector<lab_entry>& labs, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  try {
    for (const auto& j : nlohmann::json::parse(in)) {
      lab_entry e;
      e.spec.id = j.at("id");
      e.spec.name = j.at("name");
      e.title = j.value("title", "");
      if (!harness::parse_output_kind(j.at("output").get<std::string>(), e.spec.output))
        throw std::runtime_error("unknown output kind in " + e.spec.name);
      e.spec.section_size = j.at("section_size");
      e.spec.block_size = j.at("block_size");
      e.spec.items_per_thread = j.at("items_per_thread");
      e.spec.max_n = j.at("max_n");
      e.spec.cpu_max_n = j.at("cpu_max_n");
      e.spec.time_limit_s = j.at("time_limit_s");
      labs.push_back(e);
    }
  } catch (const std::exception& e) {
    error = path + ": " + e.what();
    return false;
  }
  return true;
}

const lab_entry* find_lab(const std::vector<lab_entry>& labs, int id) {
  for (const lab_entry& l : labs)
    if (l.spec.id == id) return &l;
  return nullptr;
}

const lab_entry* find_lab_by_name(const std::vector<lab_entry>& labs, const std::string& name) {
  for (const lab_entry& l : labs)
    if (l.spec.name == name) return &l;
  return nullptr;
}

}  // namespace scanlab::grader
