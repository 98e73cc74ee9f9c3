// Seeded test inputs. Element i depends only on (seed, i), so any case can be replayed from its
// seed alone and large inputs can be generated in parallel. The dataset generator (datasets/)
// uses these same functions, so a dataset holds exactly the input the harness would generate.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::core {

enum class data_kind {
  small_integers,     // integers in [-8, 8]: every partial sum up to 2^24 is exact in float
  uniform_floats,     // uniform in [-1, 1): checked with a rounding tolerance
  mixed_magnitudes,   // +-m * 2^e, m in [1, 2), e in [-10, 9]: |x| from ~0.001 to ~1000
  alternating_signs,  // +a, -a, +b, -b, ... with a, b, ... integers in [1, 8]
  ones,               // every element 1: partial sums are the element counts
};

// Short names, as the harness's --data option and its case descriptions use them: "integers",
// "floats", "mixed-magnitudes", "alternating-signs", "ones".
const char* data_kind_name(data_kind kind);
// Dataset names (scanlab-dataset --dist, meta.json): "small-integers", "uniform", and the short
// name for the others.
const char* distribution_name(data_kind kind);
// Accepts both spellings (and "ints").
bool parse_data_kind(const char* text, data_kind& out);
// Every name parse_data_kind accepts, for command-line validation.
std::vector<std::string> data_kind_names();
// All kinds, in declaration order.
std::vector<data_kind> all_data_kinds();

// Integer-valued data: its scans are exact in float while partial sums stay small (see
// allowed_error in reference.h).
bool integer_valued(data_kind kind);

float input_element(std::uint64_t seed, std::uint64_t i, data_kind kind);
std::vector<float> make_input(std::size_t n, std::uint64_t seed, data_kind kind);
// The same elements written to out[0..n) (a mapped file, say: no vector in between).
void fill_input(float* out, std::size_t n, std::uint64_t seed, data_kind kind);

}  // namespace scanlab::core
