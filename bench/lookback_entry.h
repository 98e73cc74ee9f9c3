// What a benchmark or a check needs of one look-back variant (host code may include this; the
// variants themselves are in lookback_variant_list.cuh, which needs a CUDA compiler).
#pragma once

// The number of translation units the GPU benchmark spreads the variants over (the first argument
// of each X(...) in SCANLAB_LOOKBACK_VARIANTS).
#define SCANLAB_LOOKBACK_SETS 5

struct lookback_entry {
  const char* name;
  const char* description;
  void (*scan)(const float* input, float* output, unsigned n);
};
