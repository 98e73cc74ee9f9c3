// Host entry points of device_api_values.cu: each runs CUDA device-API calls (with the argument
// types students write: int literals into unsigned atomics, ...) on whichever backend the test was
// built for and returns what the device computed; test_device_api.cpp checks the values against
// plain C++ references.
#pragma once

#include <cstdint>
#include <vector>

#include <cuda_runtime.h>

namespace device_api {

struct atomic_results {
  unsigned add_unsigned, inc_wraps, dec_wraps, max_unsigned, cas_unsigned;
  unsigned long long add_ull, or_ull, max_ull;
  long long min_ll;
  int sub_int, exch_int, and_int, xor_int;
  float add_float;
  double add_double;
  unsigned short cas_ushort;
};
// `threads` threads of one block each apply every atomic once (literal operands).
atomic_results atomics_with_literals(unsigned threads);

// Per input triple (a, b, c), the integer intrinsics in the order listed in integer_names().
std::vector<std::uint64_t> integer_intrinsics(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                              const std::vector<std::uint32_t>& c);
const std::vector<const char*>& integer_names();

// Per input pair (x, y), the directed-rounding arithmetic and conversions in the order of
// rounding_names(), as raw bits (floats widened to 64 bits).
std::vector<std::uint64_t> rounding_intrinsics(const std::vector<float>& x, const std::vector<float>& y,
                                               const std::vector<double>& dx, const std::vector<double>& dy,
                                               const std::vector<long long>& ll);
const std::vector<const char*>& rounding_names();

// make_* of a few vector types, field by field, as doubles.
std::vector<double> vector_makers();

// Per thread of one 64-thread block: __match_any_sync of (t % 5), __match_all_sync of a uniform and a
// non-uniform value with their predicates, __reduce_{add,min,max,and,or,xor}_sync, __uni_sync.
std::vector<std::uint32_t> warp_match_reduce();

// Per input pair (a, b, c), the SIMD video intrinsics in the order of simd_names().
std::vector<std::uint32_t> simd_intrinsics(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                           const std::vector<std::uint32_t>& c);
const std::vector<const char*>& simd_names();

}  // namespace device_api
