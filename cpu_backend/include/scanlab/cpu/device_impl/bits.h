// Integer intrinsics (__clz, __byte_perm, __funnelshift_*, __mulhi, __sad, __dp4a, ...) and
// the float intrinsics that are plain host arithmetic on a CPU. Written from the documented
// behaviour of each intrinsic; signed arithmetic goes through unsigned or wider types so that no
// input is undefined behaviour on the host.
#pragma once

#include <cmath>
#include <limits>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanlab/cpu/generated/vector_types.h"

namespace scanlab::cpu::detail {

template <class To, class From>
To bit_cast_to(From value) {
  static_assert(sizeof(To) == sizeof(From));
  To out;
  std::memcpy(&out, &value, sizeof(To));
  return out;
}

template <class T>
T bit_reverse(T value) {
  using U = std::make_unsigned_t<T>;
  U x = static_cast<U>(value), out = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i, x >>= 1) out = static_cast<U>((out << 1) | (x & 1u));
  return static_cast<T>(out);
}
template <class T>
int count_leading_zeros(T value) {
  using U = std::make_unsigned_t<T>;
  const auto x = static_cast<std::uint64_t>(static_cast<U>(value));
  const int bits = sizeof(U) * 8;
  return x == 0 ? bits : __builtin_clzll(x) - (64 - bits);
}
// 1-based position of the least significant set bit, 0 for 0.
template <class T>
int find_first_set(T value) {
  return __builtin_ffsll(static_cast<long long>(static_cast<std::make_unsigned_t<T>>(value)));
}
template <class T>
int population_count(T value) {
  return __builtin_popcountll(static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(value)));
}

// __byte_perm(x, y, s): result byte i is byte (s >> 4i) & 7 of the 8-byte value y:x.
inline unsigned byte_permute(unsigned x, unsigned y, unsigned selector) {
  const std::uint64_t source = (static_cast<std::uint64_t>(y) << 32) | x;
  unsigned out = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned which = (selector >> (4 * i)) & 7u;
    out |= static_cast<unsigned>((source >> (8 * which)) & 0xffu) << (8 * i);
  }
  return out;
}
// Funnel shifts of the 64-bit value hi:lo; _l returns the high word, _r the low word; the wrap
// forms take the shift modulo 32, the clamp forms cap it at 32.
inline unsigned funnel_shift_left_wrap(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t v = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31u)) >> 32);
}
inline unsigned funnel_shift_left_clamp(unsigned lo, unsigned hi, unsigned shift) {
  if (shift >= 32) return lo;
  return funnel_shift_left_wrap(lo, hi, shift);
}
inline unsigned funnel_shift_right_wrap(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t v = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31u));
}
inline unsigned funnel_shift_right_clamp(unsigned lo, unsigned hi, unsigned shift) {
  if (shift >= 32) return hi;
  return funnel_shift_right_wrap(lo, hi, shift);
}

// __mul24/__umul24: low 32 bits of the product of the low 24 bits (sign-extended for int).
template <class T>
T multiply_low24(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    auto low24 = [](T v) { return static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(v) << 8) >> 8); };
    return static_cast<T>(static_cast<std::uint32_t>(low24(a) * low24(b)));
  } else {
    return static_cast<T>((static_cast<std::uint64_t>(a & 0xffffffu) * (b & 0xffffffu)) & 0xffffffffu);
  }
}
// __mulhi, __umulhi, __mul64hi, __umul64hi: the high half of the double-width product.
template <class T>
T multiply_high(T a, T b) {
  if constexpr (sizeof(T) == 4) {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((static_cast<W>(a) * static_cast<W>(b)) >> 32);
  } else {
    using W = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
    return static_cast<T>((static_cast<W>(a) * static_cast<W>(b)) >> 64);
  }
}
// __sad/__usad: |x - y| + z.
template <class T>
unsigned sum_of_absolute_difference(T x, T y, unsigned z) {
  const auto wx = static_cast<std::int64_t>(x), wy = static_cast<std::int64_t>(y);
  return static_cast<unsigned>((wx > wy ? wx - wy : wy - wx) + z);
}
// __hadd/__uhadd: (x + y) >> 1 without overflow; __rhadd/__urhadd: (x + y + 1) >> 1.
template <class T>
T halving_add(T x, T y) { return static_cast<T>((static_cast<std::int64_t>(x) + y) >> 1); }
template <class T>
T rounding_halving_add(T x, T y) { return static_cast<T>((static_cast<std::int64_t>(x) + y + 1) >> 1); }

// __dp4a: c + the dot product of the four bytes of a and b (signed bytes for the int forms).
template <class Byte, class T, class C>
C dot_of_bytes(T a, T b, C c) {
  std::int64_t sum = static_cast<std::int64_t>(c);
  for (int i = 0; i < 4; ++i) {
    const auto ba = static_cast<Byte>(static_cast<std::uint32_t>(a) >> (8 * i));
    const auto bb = static_cast<Byte>(static_cast<std::uint32_t>(b) >> (8 * i));
    sum += static_cast<std::int64_t>(ba) * bb;
  }
  return static_cast<C>(static_cast<std::uint32_t>(sum));
}
inline int dot_product_4x8(int a, int b, int c) { return dot_of_bytes<std::int8_t>(a, b, c); }
inline unsigned dot_product_4x8(unsigned a, unsigned b, unsigned c) { return dot_of_bytes<std::uint8_t>(a, b, c); }
inline int dot_product_4x8(char4 a, char4 b, int c) {
  return dot_product_4x8(bit_cast_to<int>(a), bit_cast_to<int>(b), c);
}
inline unsigned dot_product_4x8(uchar4 a, uchar4 b, unsigned c) {
  return dot_product_4x8(bit_cast_to<unsigned>(a), bit_cast_to<unsigned>(b), c);
}
// __dp2a_lo/_hi: c + the two 16-bit halves of a times bytes 0,1 (lo) or 2,3 (hi) of b.
template <class Half, class Byte, class T, class C>
C dot_of_halves(T a, T b, C c, int first_byte) {
  std::int64_t sum = static_cast<std::int64_t>(c);
  for (int i = 0; i < 2; ++i) {
    const auto ha = static_cast<Half>(static_cast<std::uint32_t>(a) >> (16 * i));
    const auto bb = static_cast<Byte>(static_cast<std::uint32_t>(b) >> (8 * (first_byte + i)));
    sum += static_cast<std::int64_t>(ha) * bb;
  }
  return static_cast<C>(static_cast<std::uint32_t>(sum));
}
inline int dot_product_2x16_low(int a, int b, int c) { return dot_of_halves<std::int16_t, std::int8_t>(a, b, c, 0); }
inline unsigned dot_product_2x16_low(unsigned a, unsigned b, unsigned c) {
  return dot_of_halves<std::uint16_t, std::uint8_t>(a, b, c, 0);
}
inline int dot_product_2x16_high(int a, int b, int c) { return dot_of_halves<std::int16_t, std::int8_t>(a, b, c, 2); }
inline unsigned dot_product_2x16_high(unsigned a, unsigned b, unsigned c) {
  return dot_of_halves<std::uint16_t, std::uint8_t>(a, b, c, 2);
}
inline int dot_product_2x16_low(short2 a, char4 b, int c) { return dot_product_2x16_low(bit_cast_to<int>(a), bit_cast_to<int>(b), c); }
inline unsigned dot_product_2x16_low(ushort2 a, uchar4 b, unsigned c) {
  return dot_product_2x16_low(bit_cast_to<unsigned>(a), bit_cast_to<unsigned>(b), c);
}
inline int dot_product_2x16_high(short2 a, char4 b, int c) { return dot_product_2x16_high(bit_cast_to<int>(a), bit_cast_to<int>(b), c); }
inline unsigned dot_product_2x16_high(ushort2 a, uchar4 b, unsigned c) {
  return dot_product_2x16_high(bit_cast_to<unsigned>(a), bit_cast_to<unsigned>(b), c);
}

template <class T>
T byte_swap(T value) {
  if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(value));
  else if constexpr (sizeof(T) == 4) return static_cast<T>(__builtin_bswap32(value));
  else return static_cast<T>(__builtin_bswap64(value));
}
inline int high_word(double x) { return static_cast<int>(bit_cast_to<std::uint64_t>(x) >> 32); }
inline int low_word(double x) { return static_cast<int>(bit_cast_to<std::uint64_t>(x) & 0xffffffffu); }
inline double double_from_words(int hi, int lo) {
  return bit_cast_to<double>((static_cast<std::uint64_t>(static_cast<std::uint32_t>(hi)) << 32) | static_cast<std::uint32_t>(lo));
}

// __fns(mask, base, offset): the bit position of the offset-th set bit counting from bit `base`
// upwards (offset > 0) or downwards (offset < 0), base itself included; offset 0 asks whether bit
// base is set. 0xffffffff when there is no such bit.
inline unsigned find_nth_set(unsigned mask, unsigned base, int offset) {
  if (offset == 0) return ((mask >> (base & 31u)) & 1u) ? (base & 31u) : 0xffffffffu;
  int remaining = offset > 0 ? offset : -offset;
  const int step = offset > 0 ? 1 : -1;
  for (int bit = static_cast<int>(base & 31u); bit >= 0 && bit < 32; bit += step)
    if (((mask >> bit) & 1u) && --remaining == 0) return static_cast<unsigned>(bit);
  return 0xffffffffu;
}

inline void ignore_profiler_trigger(int) {}  // __prof_trigger: no profiler counters on the CPU

// __saturatef: clamp to [0, 1]; NaN gives 0.
inline float saturate(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }
template <class T>
T reciprocal_sqrt(T x) { return T(1) / std::sqrt(x); }
// The fast-math intrinsics, built as the CUDA programming guide documents the GPU's: every one on
// the two hardware approximations ex2.approx and lg2.approx (here exp2 and log2, which are within
// their documented error), with the float multiplications that scale into and out of base 2
// rounded as the GPU rounds them, and denormals flushed to zero (.ftz) on the way in and out. The
// rounding of those scalings is most of how a GPU's __expf or __powf differs from expf or powf;
// docs/fidelity.md gives what remains, measured against an H200.
inline float flush_denormal(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }
inline float approx_exp2(float x) { return flush_denormal(std::exp2(flush_denormal(x))); }
inline float approx_log2(float x) { return flush_denormal(std::log2(flush_denormal(x))); }
inline float fast_exp(float x) { return approx_exp2(flush_denormal(x) * 1.44269504f); }
inline float fast_exp10(float x) { return approx_exp2(flush_denormal(x) * 3.32192809f); }
inline float fast_log(float x) { return flush_denormal(approx_log2(x) * 0.693147181f); }
inline float fast_log2(float x) { return approx_log2(x); }
inline float fast_log10(float x) { return flush_denormal(approx_log2(x) * 0.301029996f); }
inline float fast_sin(float x) { return flush_denormal(std::sin(flush_denormal(x))); }
inline float fast_cos(float x) { return flush_denormal(std::cos(flush_denormal(x))); }
inline float fast_tan(float x) { return flush_denormal(fast_sin(x) / fast_cos(x)); }
inline float fast_tanh(float x) { return flush_denormal(std::tanh(flush_denormal(x))); }
inline float fast_pow(float x, float y) { return approx_exp2(flush_denormal(y) * approx_log2(x)); }
inline void fast_sincos(float x, float* s, float* c) { *s = fast_sin(x); *c = fast_cos(x); }
// x * (1/y), with the documented exception: for 2^126 < |y| < 2^128 the result is 0 (and NaN for
// an infinite x).
inline float fast_divide(float a, float b) {
  const float magnitude = std::fabs(b);
  if (magnitude > 8.50705917e37f && magnitude < std::numeric_limits<float>::infinity())
    return std::isinf(a) ? std::numeric_limits<float>::quiet_NaN() : 0.0f * a;
  return flush_denormal(flush_denormal(a) * flush_denormal(1.0f / flush_denormal(b)));
}

}  // namespace scanlab::cpu::detail
