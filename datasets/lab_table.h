// The labs scanlab-dataset knows: labs/labs.json as compiled in, each as the lab_spec the
// harness's CPU-backend check of that lab uses.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/lab_spec.h"

namespace scanlab::datasets {

std::vector<harness::lab_spec> known_labs();
// By id ("3") or name ("lab3-double-buffer"); nullopt when there is no such lab.
std::optional<harness::lab_spec> find_lab(const std::string& id_or_name);

}  // namespace scanlab::datasets
