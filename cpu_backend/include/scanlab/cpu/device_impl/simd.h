// SIMD video intrinsics: a 32-bit word read as two 16-bit or four 8-bit lanes (__vadd2,
// __vcmpgtu4, __vsads2, ...), and the newer three-operand forms on 16x2 or 32-bit values
// (__viaddmax_s16x2, __vimax3_u32_relu, __vibmin_s32, ...). One lane engine applies each
// operation lane by lane in 64-bit arithmetic and truncates the lane result back; saturating
// forms clamp to the lane's range first.
#pragma once

#include <cstdint>
#include <type_traits>

namespace scanlab::cpu::detail::simd {

template <int Bits, bool Signed>
std::int64_t lane(std::uint32_t word, int i) {
  const std::uint64_t raw = Bits == 32 ? word : (word >> (Bits * i)) & ((1u << Bits) - 1);
  if constexpr (Signed) {
    const std::int64_t half = std::int64_t{1} << (Bits - 1);
    return static_cast<std::int64_t>(raw) >= half ? static_cast<std::int64_t>(raw) - 2 * half : static_cast<std::int64_t>(raw);
  }
  return static_cast<std::int64_t>(raw);
}
// Applies f to the lanes of the operands (signed or unsigned view) and packs the lane results.
template <int Bits, bool Signed, class F, class... Words>
std::uint32_t lanewise(F&& f, Words... words) {
  std::uint32_t out = 0;
  for (int i = 0; i < 32 / Bits; ++i) {
    const auto r = static_cast<std::uint64_t>(f(lane<Bits, Signed>(static_cast<std::uint32_t>(words), i)...));
    const std::uint64_t masked = Bits == 32 ? (r & 0xffffffffu) : (r & ((std::uint64_t{1} << Bits) - 1));
    out |= static_cast<std::uint32_t>(masked << (Bits * i));
  }
  return out;
}
template <int Bits>
std::int64_t clamp_signed(std::int64_t v) {
  const std::int64_t hi = (std::int64_t{1} << (Bits - 1)) - 1, lo = -hi - 1;
  return v < lo ? lo : (v > hi ? hi : v);
}
template <int Bits>
std::int64_t clamp_unsigned(std::int64_t v) {
  const std::int64_t hi = (std::int64_t{1} << Bits) - 1;
  return v < 0 ? 0 : (v > hi ? hi : v);
}
inline std::int64_t absolute(std::int64_t v) { return v < 0 ? -v : v; }

// ---- the two- and four-lane forms: (unsigned a, unsigned b) -> unsigned -------------------------
#define SCANLAB_SIMD_BINARY(NAME, SIGNED, EXPR)                                       \
  template <int Bits>                                                                 \
  unsigned NAME(unsigned a, unsigned b) {                                             \
    return lanewise<Bits, SIGNED>([](std::int64_t x, std::int64_t y) { return EXPR; }, a, b); \
  }
SCANLAB_SIMD_BINARY(add, false, x + y)
SCANLAB_SIMD_BINARY(addss, true, clamp_signed<Bits>(x + y))
SCANLAB_SIMD_BINARY(addus, false, clamp_unsigned<Bits>(x + y))
SCANLAB_SIMD_BINARY(sub, false, x - y)
SCANLAB_SIMD_BINARY(subss, true, clamp_signed<Bits>(x - y))
SCANLAB_SIMD_BINARY(subus, false, clamp_unsigned<Bits>(x - y))
// Signed rounded average rounds halves away from zero; the unsigned one rounds halves up.
SCANLAB_SIMD_BINARY(avgs, true, (x + y + ((x + y) >= 0 ? 1 : 0)) >> 1)
SCANLAB_SIMD_BINARY(avgu, false, (x + y + 1) >> 1)
SCANLAB_SIMD_BINARY(haddu, false, (x + y) >> 1)
SCANLAB_SIMD_BINARY(absdiffs, true, absolute(x - y))
SCANLAB_SIMD_BINARY(absdiffu, false, absolute(x - y))
SCANLAB_SIMD_BINARY(maxs, true, x > y ? x : y)
SCANLAB_SIMD_BINARY(maxu, false, x > y ? x : y)
SCANLAB_SIMD_BINARY(mins, true, x < y ? x : y)
SCANLAB_SIMD_BINARY(minu, false, x < y ? x : y)
// Comparisons: __vcmp* give an all-ones lane for true, __vset* a lane holding 1.
SCANLAB_SIMD_BINARY(cmpeq, false, x == y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpne, false, x != y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpges, true, x >= y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpgeu, false, x >= y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpgts, true, x > y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpgtu, false, x > y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmples, true, x <= y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpleu, false, x <= y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmplts, true, x < y ? -1 : 0)
SCANLAB_SIMD_BINARY(cmpltu, false, x < y ? -1 : 0)
SCANLAB_SIMD_BINARY(seteq, false, x == y ? 1 : 0)
SCANLAB_SIMD_BINARY(setne, false, x != y ? 1 : 0)
SCANLAB_SIMD_BINARY(setges, true, x >= y ? 1 : 0)
SCANLAB_SIMD_BINARY(setgeu, false, x >= y ? 1 : 0)
SCANLAB_SIMD_BINARY(setgts, true, x > y ? 1 : 0)
SCANLAB_SIMD_BINARY(setgtu, false, x > y ? 1 : 0)
SCANLAB_SIMD_BINARY(setles, true, x <= y ? 1 : 0)
SCANLAB_SIMD_BINARY(setleu, false, x <= y ? 1 : 0)
SCANLAB_SIMD_BINARY(setlts, true, x < y ? 1 : 0)
SCANLAB_SIMD_BINARY(setltu, false, x < y ? 1 : 0)
#undef SCANLAB_SIMD_BINARY

template <int Bits>
unsigned abs(unsigned a) { return lanewise<Bits, true>([](std::int64_t x) { return absolute(x); }, a); }
template <int Bits>
unsigned absss(unsigned a) {
  return lanewise<Bits, true>([](std::int64_t x) { return clamp_signed<Bits>(absolute(x)); }, a);
}
template <int Bits>
unsigned neg(unsigned a) { return lanewise<Bits, true>([](std::int64_t x) { return -x; }, a); }
template <int Bits>
unsigned negss(unsigned a) { return lanewise<Bits, true>([](std::int64_t x) { return clamp_signed<Bits>(-x); }, a); }
// Sums of absolute differences: one total, not lanes.
template <int Bits, bool Signed>
unsigned sum_abs_diff(unsigned a, unsigned b) {
  std::int64_t total = 0;
  for (int i = 0; i < 32 / Bits; ++i) total += absolute(lane<Bits, Signed>(a, i) - lane<Bits, Signed>(b, i));
  return static_cast<unsigned>(total);
}
template <int Bits>
unsigned sads(unsigned a, unsigned b) { return sum_abs_diff<Bits, true>(a, b); }
template <int Bits>
unsigned sadu(unsigned a, unsigned b) { return sum_abs_diff<Bits, false>(a, b); }

// ---- the three-operand forms (__viaddmax_s16x2, __vimin3_u32_relu, ...) ------------------------
inline std::int64_t relu(std::int64_t v) { return v < 0 ? 0 : v; }
inline std::int64_t larger(std::int64_t a, std::int64_t b) { return a > b ? a : b; }
inline std::int64_t smaller(std::int64_t a, std::int64_t b) { return a < b ? a : b; }

template <int Bits, bool Signed, bool Relu, class T>
T add_then_max(T a, T b, T c) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y, std::int64_t z) {
        const std::int64_t sum = Signed ? lane<Bits, true>(static_cast<std::uint32_t>(x + y), 0) : (x + y) & ((std::int64_t{1} << Bits) - 1);
        const std::int64_t r = larger(sum, z);
        return Relu ? relu(r) : r;
      },
      a, b, c));
}
template <int Bits, bool Signed, bool Relu, class T>
T add_then_min(T a, T b, T c) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y, std::int64_t z) {
        const std::int64_t sum = Signed ? lane<Bits, true>(static_cast<std::uint32_t>(x + y), 0) : (x + y) & ((std::int64_t{1} << Bits) - 1);
        const std::int64_t r = smaller(sum, z);
        return Relu ? relu(r) : r;
      },
      a, b, c));
}
template <int Bits, bool Signed, bool Relu, class T>
T max_of_three(T a, T b, T c) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y, std::int64_t z) { return Relu ? relu(larger(larger(x, y), z)) : larger(larger(x, y), z); },
      a, b, c));
}
template <int Bits, bool Signed, bool Relu, class T>
T min_of_three(T a, T b, T c) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y, std::int64_t z) { return Relu ? relu(smaller(smaller(x, y), z)) : smaller(smaller(x, y), z); },
      a, b, c));
}
template <int Bits, bool Signed, bool Relu, class T>
T max_of_two(T a, T b) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y) { return Relu ? relu(larger(x, y)) : larger(x, y); }, a, b));
}
template <int Bits, bool Signed, bool Relu, class T>
T min_of_two(T a, T b) {
  return static_cast<T>(lanewise<Bits, Signed>(
      [](std::int64_t x, std::int64_t y) { return Relu ? relu(smaller(x, y)) : smaller(x, y); }, a, b));
}
// __vibmax/__vibmin: the max (min) and, per lane, whether a's lane was chosen (a >= b, a <= b).
template <int Bits, bool Signed, bool Max, class T, class... Flags>
T select_with_flags(T a, T b, Flags... flags) {
  bool* out[] = {flags...};  // pred_hi first for the 16x2 forms
  constexpr int lanes = 32 / Bits;
  for (int i = 0; i < lanes; ++i) {
    const std::int64_t x = lane<Bits, Signed>(static_cast<std::uint32_t>(a), i);
    const std::int64_t y = lane<Bits, Signed>(static_cast<std::uint32_t>(b), i);
    *out[lanes - 1 - i] = Max ? x >= y : x <= y;
  }
  return Max ? max_of_two<Bits, Signed, false>(a, b) : min_of_two<Bits, Signed, false>(a, b);
}

}  // namespace scanlab::cpu::detail::simd
