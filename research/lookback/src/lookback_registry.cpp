// The look-back variants as benchmark implementations (their code: lookback_set.cu, one share per
// translation unit).
#include "../lookback_sets.h"
#include <array>
#include <cstdio>
#include <utility>

#include "bench_gpu.h"

namespace scanlab::bench {
namespace {
// Variants all share one signature; the workspace-taking form the benchmark calls is generated
// per entry through this table (a plain function pointer cannot capture the entry).
std::vector<lookback_entry>& entries() {
  static std::vector<lookback_entry> all = scanlab_lookback_entries();
  return all;
}
template <std::size_t I>
void run_entry(const float* in, float* out, unsigned n, void*) {
  if (n > 0) entries()[I].scan(in, out, n);
}
template <std::size_t... I>
constexpr auto make_runners(std::index_sequence<I...>) {
  return std::array<run_fn, sizeof...(I)>{&run_entry<I>...};
}
constexpr auto runners = make_runners(std::make_index_sequence<128>{});  // room for 128 variants
std::size_t no_workspace(unsigned) { return 0; }
}  // namespace

void add_lookback_variants(std::vector<implementation>& out) {
  const auto& all = entries();
  if (all.size() > runners.size())  // never drop a variant silently: make the table larger instead
    std::fprintf(stderr, "scanlab-bench: %zu look-back variants, but room for %zu; the rest are left out\n",
                 all.size(), runners.size());
  for (std::size_t i = 0; i < all.size() && i < runners.size(); ++i)
    out.push_back({all[i].name, "variant", 8, all[i].section == 0 ? output_kind::inclusive : output_kind::inclusive_sections,
                   all[i].section, max_elements, &no_workspace, runners[i]});
}

const char* lookback_description(const std::string& name) {
  for (const lookback_entry& e : entries())
    if (name == e.name) return e.description;
  return "";
}

}  // namespace scanlab::bench
