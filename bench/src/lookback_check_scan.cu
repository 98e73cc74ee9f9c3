// Lab 8's scan() for the look-back variants on any backend, chosen at run time by the
// environment variable SCANLAB_LOOKBACK_VARIANT (a name from lookback_variant_list.cuh), so that
// one lab-8 check executable (bin/lab8-single-pass-check-lookback-<backend>) checks them all.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../lookback_variant_list.cuh"

namespace {

const lookback_entry kEntries[] = {
#define SCANLAB_ENTRY(set, name, type, what) {name, what, &scanlab_lookback::scan<scanlab_lookback::type>},
    SCANLAB_LOOKBACK_VARIANTS(SCANLAB_ENTRY)
#undef SCANLAB_ENTRY
};

const lookback_entry& chosen() {
  static const lookback_entry* entry = [] {
    const char* name = std::getenv("SCANLAB_LOOKBACK_VARIANT");
    for (const lookback_entry& e : kEntries)
      if (name != nullptr && std::strcmp(name, e.name) == 0) return &e;
    std::fprintf(stderr, "scanlab: set SCANLAB_LOOKBACK_VARIANT to one of:\n");
    for (const lookback_entry& e : kEntries) std::fprintf(stderr, "  %-22s %s\n", e.name, e.description);
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
