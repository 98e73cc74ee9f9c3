// Seeded test inputs. Element i depends only on (seed, i), so any case can be replayed from its
// seed alone and large inputs can be generated in parallel.
#pragma once

#include <cstdint>
#include <vector>

namespace scanlab::harness {

enum class data_kind {
  small_integers,  // integers in [-8, 8]: every partial sum up to 2^24 is exact in float
  uniform_floats,  // uniform in [-1, 1]: checked with a rounding tolerance
};
const char* data_kind_name(data_kind kind);     // "integers" / "floats"
bool parse_data_kind(const char* text, data_kind& out);

float input_element(std::uint64_t seed, std::uint64_t i, data_kind kind);
std::vector<float> make_input(std::size_t n, std::uint64_t seed, data_kind kind);

}  // namespace scanlab::harness
