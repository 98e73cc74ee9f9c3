// The labs this grader knows: labs/labs.json, turned into the harness's lab_spec.
#pragma once

#include <string>
#include <vector>

#include "harness/lab_spec.h"

namespace scanlab::grader {

struct lab_entry {
  harness::lab_spec spec;
  std::string title;
};

bool load_labs(const std::string& labs_json, std::vector<lab_entry>& labs, std::string& error);
const lab_entry* find_lab(const std::vector<lab_entry>& labs, int id);
const lab_entry* find_lab_by_name(const std::vector<lab_entry>& labs, const std::string& name);

}  // namespace scanlab::grader
