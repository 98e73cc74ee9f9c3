// The labs: labs/labs.json as CMake read it (cmake/ScanlabLabRegistry.cmake, the only reader of
// that file) and compiled into this table, so that no tool parses it and none needs the source
// tree at run time to know a lab's numbers.
#pragma once

#include <string>
#include <vector>

#include "scanlab/core/lab_spec.h"

namespace scanlab::core {

struct lab_entry {
  lab_spec spec;  // variant "student", backend "cpu": a tool sets what it runs
  std::string title;
  std::string summary;
  std::string docs;  // the lab's page, relative to the repository root
};

// In labs.json's order.
const std::vector<lab_entry>& known_labs();
// nullptr when there is no such lab.
const lab_entry* find_lab(int id);
const lab_entry* find_lab_by_name(const std::string& name);  // exactly as labs.json names it
// By number ("3"), name ("lab3-double-buffer") or "lab3"; nullptr when there is none.
const lab_entry* find_lab(const std::string& id_or_name);

}  // namespace scanlab::core
