#include "scanlab/core/lab_registry.h"

namespace scanlab::core {

const lab_entry* find_lab(int id) {
  for (const lab_entry& lab : known_labs())
    if (lab.spec.id == id) return &lab;
  return nullptr;
}

const lab_entry* find_lab_by_name(const std::string& name) {
  for (const lab_entry& lab : known_labs())
    if (lab.spec.name == name) return &lab;
  return nullptr;
}

const lab_entry* find_lab(const std::string& id_or_name) {
  for (const lab_entry& lab : known_labs()) {
    const std::string number = std::to_string(lab.spec.id);
    if (id_or_name == number || id_or_name == lab.spec.name || id_or_name == "lab" + number) return &lab;
  }
  return nullptr;
}

}  // namespace scanlab::core
