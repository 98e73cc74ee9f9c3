#include <stdexcept>

#include "bench_gpu.h"
#include "scanlab/core/lab_registry.h"

namespace scanlab::bench {

implementation lab_implementation(int lab, const std::string& variant, const std::string& group, workspace_fn workspace,
                                  run_fn run) {
  const core::lab_entry* entry = core::find_lab(lab);
  if (entry == nullptr) throw std::logic_error("scanlab-bench: lab " + std::to_string(lab) + " is not in the registry");
  const core::lab_spec& spec = entry->spec;
  implementation i;
  i.name = "lab" + std::to_string(lab) + "-" + variant;
  i.group = group;
  i.lab = lab;
  switch (spec.output) {
    case core::output_kind::inclusive: i.output = output_kind::inclusive; break;
    case core::output_kind::inclusive_sections: i.output = output_kind::inclusive_sections; break;
    case core::output_kind::exclusive_sections: i.output = output_kind::exclusive_sections; break;
  }
  i.section = spec.section_size;
  i.max_n = spec.max_n;  // lab 1's is small: its scan is O(n^2)
  i.workspace = workspace;
  i.run = run;
  return i;
}

std::vector<implementation> all_implementations() {
  std::vector<implementation> all;
  add_baselines(all);
  add_labs(all);
  add_lookback_variants(all);
  return all;
}

}  // namespace scanlab::bench
