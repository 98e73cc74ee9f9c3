// Lab 8's scan() for the look-back variants on any backend, chosen at run time by the
// environment variable SCANLAB_LOOKBACK_VARIANT (a name from lookback_variant_list.cuh), so that
// one lab-8 check executable (bin/lab8-single-pass-check-lookback-<backend>) checks them all. The
// variants themselves are compiled once per backend, in the set libraries (lookback_set.cu).
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../lookback_sets.h"

namespace {

const lookback_entry& chosen() {
  static const std::vector<lookback_entry> entries = scanlab_lookback_entries();
  static const lookback_entry* entry = [] {
    const char* name = std::getenv("SCANLAB_LOOKBACK_VARIANT");
    for (const lookback_entry& e : entries)
      if (name != nullptr && e.section == 0 && std::strcmp(name, e.name) == 0) return &e;
    std::fprintf(stderr, "scanlab: set SCANLAB_LOOKBACK_VARIANT to one of:\n");
    for (const lookback_entry& e : entries)
      if (e.section == 0) std::fprintf(stderr, "  %-22s %s\n", e.name, e.description);
    std::fprintf(stderr, "(diagnostics, whose output is not a scan, are timed by scanlab-bench only)\n");
    std::exit(2);
    return static_cast<const lookback_entry*>(nullptr);
  }();
  return *entry;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
  if (n == 0) return;
  chosen().scan(input, output, n);
}
