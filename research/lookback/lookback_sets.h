// Every look-back variant, gathered from the translation units that compile them (src/lookback_set.cu,
// one per set of SCANLAB_LOOKBACK_VARIANTS), for host code: the benchmark's registry and lab 8's
// check of the variants link the same set libraries instead of compiling the variants twice.
#pragma once

#include <vector>

#include "lookback_entry.h"

void scanlab_lookback_set_0(std::vector<lookback_entry>& out);
void scanlab_lookback_set_1(std::vector<lookback_entry>& out);
void scanlab_lookback_set_2(std::vector<lookback_entry>& out);
void scanlab_lookback_set_3(std::vector<lookback_entry>& out);
void scanlab_lookback_set_4(std::vector<lookback_entry>& out);
static_assert(SCANLAB_LOOKBACK_SETS == 5, "declare and call every set here");

// All variants, set by set (each set in the order of the list).
inline std::vector<lookback_entry> scanlab_lookback_entries() {
  std::vector<lookback_entry> all;
  scanlab_lookback_set_0(all);
  scanlab_lookback_set_1(all);
  scanlab_lookback_set_2(all);
  scanlab_lookback_set_3(all);
  scanlab_lookback_set_4(all);
  return all;
}
