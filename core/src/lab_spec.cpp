#include "scanlab/core/lab_spec.h"

namespace scanlab::core {

const char* output_kind_name(output_kind kind) {
  switch (kind) {
    case output_kind::inclusive: return "inclusive";
    case output_kind::inclusive_sections: return "inclusive_sections";
    case output_kind::exclusive_sections: return "exclusive_sections";
  }
  return "inclusive";
}

bool parse_output_kind(const std::string& text, output_kind& out) {
  if (text == "inclusive") out = output_kind::inclusive;
  else if (text == "inclusive_sections") out = output_kind::inclusive_sections;
  else if (text == "exclusive_sections") out = output_kind::exclusive_sections;
  else return false;
  return true;
}

}  // namespace scanlab::core
