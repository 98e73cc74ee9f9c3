// IEEE binary16 (__half) and bfloat16 (__nv_bfloat16) on the CPU, bit for bit as a GPU computes
// them. Both formats are fully specified, so exactness is a matter of rounding right:
//  - a conversion rounds the exact value (a float or an integer, held exactly in a double) once,
//    in the mode asked for (round to nearest even, toward zero, down, up), with subnormals and
//    overflow as IEEE 754 says; a NaN becomes the GPU's canonical NaN (0x7fff);
//  - an operation (+ - * / sqrt) is computed in float and rounded once: float has at least twice
//    the precision plus two bits of either format, so that double rounding is innocuous and the
//    result is the correctly rounded one, as the GPU's native half and bfloat16 instructions give;
//    a fused multiply-add is computed in double (exact product) for the same reason.
// cuda_fp16.h and cuda_bf16.h build CUDA's names on these two classes.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <algorithm>

namespace scanlab::cpu::detail {

enum class round_mode { nearest_even, toward_zero, down, up };

// A 16-bit binary format with `precision` significand bits (the hidden one included) and largest
// exponent `max_exponent` (the bias): binary16 is <11, 15>, bfloat16 <8, 127>.
template <int precision, int max_exponent>
struct format16 {
  static constexpr int mantissa_bits = precision - 1;
  static constexpr int min_exponent = 1 - max_exponent;
  static constexpr std::uint16_t sign_bit = 0x8000;
  static constexpr std::uint16_t infinity = static_cast<std::uint16_t>((2 * max_exponent + 1) << mantissa_bits);
  static constexpr std::uint16_t canonical_nan = 0x7fff;
  static constexpr std::uint16_t largest_finite = infinity - 1;

  static double decode(std::uint16_t bits) {
    const bool negative = bits & sign_bit;
    const int exponent_field = (bits & 0x7fff) >> mantissa_bits;
    const int mantissa = bits & ((1 << mantissa_bits) - 1);
    double value;
    if (exponent_field == 2 * max_exponent + 1)
      value = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else if (exponent_field == 0)
      value = std::ldexp(mantissa, min_exponent - mantissa_bits);
    else
      value = std::ldexp(mantissa | (1 << mantissa_bits), exponent_field - max_exponent - mantissa_bits);
    return negative ? -value : value;
  }

  // The value as a float, as the GPU's cvt.f32 gives it: a binary16 NaN becomes the canonical
  // float NaN 0x7fffffff; a bfloat16 is the top half of a float, so its bits move over unchanged.
  static float to_float(std::uint16_t bits) {
    std::uint32_t word;
    if (mantissa_bits == 7) {
      word = static_cast<std::uint32_t>(bits) << 16;
    } else {
      const double v = decode(bits);
      if (!std::isnan(v)) return static_cast<float>(v);
      word = 0x7fffffffu;
    }
    float f;
    std::memcpy(&f, &word, sizeof f);
    return f;
  }

  // x rounded to this format in `mode`. x must be exact (a float, or an integer below 2^53).
  // A NaN becomes the canonical NaN, as cvt from a float does on a GPU (from a double, see
  // from_double).
  static std::uint16_t encode(double x, round_mode mode = round_mode::nearest_even) {
    if (std::isnan(x)) return canonical_nan;
    const std::uint16_t sign = std::signbit(x) ? sign_bit : 0;
    const double a = std::fabs(x);
    if (std::isinf(a)) return sign | infinity;
    if (a == 0) return sign;
    int e2;
    std::frexp(a, &e2);  // a in [2^(e2-1), 2^e2)
    const int exponent = std::max(e2 - 1, min_exponent);
    const double quantum = std::ldexp(1.0, exponent - mantissa_bits);
    const double scaled = a / quantum;  // exact: a power-of-two scaling
    double units = std::floor(scaled);
    const double rest = scaled - units;
    const bool away_from_zero_up = !sign;  // "up" moves a positive value away from zero
    switch (mode) {
      case round_mode::nearest_even:
        if (rest > 0.5 || (rest == 0.5 && std::fmod(units, 2.0) != 0)) units += 1;
        break;
      case round_mode::toward_zero: break;
      case round_mode::down:
        if (rest > 0 && !away_from_zero_up) units += 1;
        break;
      case round_mode::up:
        if (rest > 0 && away_from_zero_up) units += 1;
        break;
    }
    const double value = units * quantum;
    if (value >= std::ldexp(1.0, max_exponent + 1)) {  // overflow
      const bool to_infinity = mode == round_mode::nearest_even ||
                               (mode == round_mode::up && !sign) || (mode == round_mode::down && sign);
      return sign | (to_infinity ? infinity : largest_finite);
    }
    if (value < std::ldexp(1.0, min_exponent))  // subnormal (or the smallest normal, reached by rounding)
      return sign | static_cast<std::uint16_t>(value / std::ldexp(1.0, min_exponent - mantissa_bits));
    int e;
    std::frexp(value, &e);
    const int field = e - 1 + max_exponent;
    const auto mantissa = static_cast<std::uint16_t>(value / std::ldexp(1.0, e - 1 - mantissa_bits) - (1 << mantissa_bits));
    return sign | static_cast<std::uint16_t>(field << mantissa_bits) | mantissa;
  }

  // From a double, as cvt.rn from f64 does: a NaN keeps its sign and the top bits of its payload,
  // quieted (measured on an H200: every payload, half_bits_exhaustive).
  static std::uint16_t from_double(double x) {
    if (!std::isnan(x)) return encode(x);
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const auto payload = static_cast<std::uint16_t>((bits >> (52 - mantissa_bits)) & ((1u << mantissa_bits) - 1));
    const auto quiet = static_cast<std::uint16_t>(1u << (mantissa_bits - 1));
    return static_cast<std::uint16_t>((bits >> 63 ? sign_bit : 0) | infinity | quiet | payload);
  }

  // a * b + c rounded once to nearest even, from its exact value. The product of two values of
  // this format is exact in a double, and the sum is held exactly as s + e (TwoSum); s alone can
  // round the wrong way only when it falls exactly halfway between two values of this format,
  // where the sign of e decides.
  static std::uint16_t fused_multiply_add(double a, double b, double c) {
    const double p = a * b;
    const double s = p + c;
    const double bv = s - p;
    const double e = (p - (s - bv)) + (c - bv);
    if (e == 0 || std::isnan(s) || std::isinf(s)) return encode(s);
    const std::uint16_t toward_zero = encode(s, round_mode::toward_zero);
    const double low = decode(toward_zero), high = decode(static_cast<std::uint16_t>(toward_zero + 1));
    if (std::fabs(s) != (std::fabs(low) + std::fabs(high)) / 2) return encode(s);
    const bool away = (e > 0) == (s > 0);  // the exact value lies beyond the midpoint, away from zero
    return away ? static_cast<std::uint16_t>(toward_zero + 1) : toward_zero;
  }
};

using binary16 = format16<11, 15>;
using bfloat16 = format16<8, 127>;

}  // namespace scanlab::cpu::detail
