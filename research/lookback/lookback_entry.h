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
  // 0: a scan of the whole input. Otherwise a diagnostic ("diag-" names) whose output is a scan of
  // each `section` elements on its own: the benchmark checks it as such, lab 8's check skips it.
  unsigned section;
};
