// The benchmark without the look-back research (the default build): no variants to time. With
// -DSCANLAB_BUILD_RESEARCH=ON, research/lookback/src/lookback_registry.cpp defines these instead.
#include "bench_gpu.h"

namespace scanlab::bench {

void add_lookback_variants(std::vector<implementation>&) {}

const char* lookback_description(const std::string&) { return ""; }

}  // namespace scanlab::bench
