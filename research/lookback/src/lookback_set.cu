// One share of the look-back variants (SCANLAB_LOOKBACK_SET = 0, 1, ...), for the GPU benchmark and
// lab 8's check of the variants on every backend (lookback_sets.h gathers them): each share is its
// own translation unit, so a parallel build compiles them at once.
#include <vector>

#include "../lookback_variant_list.cuh"

#ifndef SCANLAB_LOOKBACK_SET
#error "compile with -DSCANLAB_LOOKBACK_SET=<k>"
#endif
#define SCANLAB_CAT2(a, b) a##b
#define SCANLAB_CAT(a, b) SCANLAB_CAT2(a, b)

namespace {
// Instantiates variant V only in the translation unit of its set.
template <int Set, class V>
void add(std::vector<lookback_entry>& out, const char* name, const char* what) {
  if constexpr (Set == SCANLAB_LOOKBACK_SET) out.push_back({name, what, &scanlab_lookback::scan<V>, V::no_wait ? V::tile : 0u});
}
}  // namespace

void SCANLAB_CAT(scanlab_lookback_set_, SCANLAB_LOOKBACK_SET)(std::vector<lookback_entry>& out) {
#define SCANLAB_ENTRY(set, name, type, what) add<set, scanlab_lookback::type>(out, name, what);
  SCANLAB_LOOKBACK_VARIANTS(SCANLAB_ENTRY)
#undef SCANLAB_ENTRY
}
