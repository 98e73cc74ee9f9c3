// `--trace FILE --n N`: one run of scan() on the CPU backend with the access trace on, written as
// JSON for `scanlab trace` to draw. The input is 2^i at position i (exact in float up to n = 24),
// so every value the kernel computes says which inputs it sums: a cell holding 2^3 + 2^4 + 2^5
// holds the sum of x[3..5].
#pragma once

#include <cstdint>
#include <string>

#include "scan_functions.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::harness {

constexpr std::uint64_t largest_traced_n = 24;

// 0 when the trace was written; else 2, with the reason on stderr.
int write_trace(const core::lab_spec& spec, const scan_functions& functions, std::uint64_t n, const std::string& path);

}  // namespace scanlab::harness
