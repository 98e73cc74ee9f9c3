// CUDA's rounding-mode intrinsics (__fadd_rz, __fmul_ru, __fdiv_rd, __fsqrt_rz, __fmaf_ru,
// __float2int_rd, __ll2float_rz, __double2float_ru, ...) without touching the FPU's rounding mode
// (which the compiler would not respect without -frounding-math): each operation is done in the
// default round-to-nearest, its exact error is recovered with an error-free transformation (TwoSum,
// fma residual, integer comparison), and the directed result is the nearest value or its neighbour
// on the side the error points to. Subnormal results of double products and quotients are the
// one case where the residual itself may round; the result can then be off by one unit there.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace scanlab::cpu::detail {

enum class rounding { to_nearest, toward_zero, upward, downward };

// `nearest` is the round-to-nearest result; `error_sign` the sign of (exact - nearest).
template <rounding M, class T>
T round_directed(T nearest, int error_sign) {
  if constexpr (M == rounding::to_nearest) {
    return nearest;
  } else {
    if (error_sign == 0 || std::isnan(nearest)) return nearest;
    constexpr T inf = std::numeric_limits<T>::infinity();
    const bool exact_is_smaller = error_sign < 0;
    bool step;
    if constexpr (M == rounding::upward) step = !exact_is_smaller;
    else if constexpr (M == rounding::downward) step = exact_is_smaller;
    else step = nearest > 0 ? exact_is_smaller : (nearest < 0 && !exact_is_smaller);  // toward zero: only
    // when the nearest value lies farther from zero than the exact one
    if (!step) return nearest;
    return std::nextafter(nearest, exact_is_smaller ? -inf : inf);
  }
}

template <class T>
int sign_of(T x) { return (x > 0) - (x < 0); }

// A value the compiler may not fuse with the arithmetic around it. Device functions let GCC
// contract a * b + c into one fma, as nvcc does (rewriter/device_arithmetic.h); an intrinsic with
// its own rounding (__fmul_rn, __fadd_rz, ...) is one operation, rounded once, never fused with
// its neighbours on a GPU: its operands and its result pass through here.
template <class T>
[[gnu::always_inline]] inline T unfused(T v) {
#if defined(__x86_64__)
  asm("" : "+x"(v));
#elif defined(__aarch64__)
  asm("" : "+w"(v));
#else
  asm("" : "+m"(v));
#endif
  return v;
}

// A rounded-to-nearest result that overflowed to infinity from finite operands: the directed
// modes keep the largest finite value on the side they round away from.
template <rounding M, class T>
T overflowed(T nearest) {
  constexpr T max = std::numeric_limits<T>::max();
  if constexpr (M == rounding::to_nearest) return nearest;
  else if constexpr (M == rounding::toward_zero) return nearest > 0 ? max : -max;
  else if constexpr (M == rounding::upward) return nearest > 0 ? nearest : -max;
  else return nearest > 0 ? max : nearest;
}

template <rounding M, class T>
T rounded_add(T a, T b) {
  a = unfused(a);
  b = unfused(b);
  const T s = a + b;
  if (!std::isfinite(s)) return std::isinf(s) && std::isfinite(a) && std::isfinite(b) ? overflowed<M>(s) : s;
  const T bb = s - a;
  const T error = (a - (s - bb)) + (b - bb);  // TwoSum: exactly (a + b) - s
  if (s == 0 && error == 0) {
    // Exact zero sum of opposite operands is -0 when rounding downward (IEEE 754).
    if constexpr (M == rounding::downward) if (a == -b && a != 0) return -T(0);
    return s;
  }
  return round_directed<M>(s, sign_of(error));
}
template <rounding M, class T>
T rounded_sub(T a, T b) { return rounded_add<M>(a, -b); }

template <rounding M, class T>
T rounded_mul(T a, T b) {
  const T p = unfused(unfused(a) * unfused(b));  // opaque operands: not the same product as a plain a * b
  if (!std::isfinite(p)) return std::isinf(p) && std::isfinite(a) && std::isfinite(b) ? overflowed<M>(p) : p;
  if constexpr (std::is_same_v<T, float>) {
    const double exact = static_cast<double>(a) * b;  // 24 x 24 bits fit a double exactly
    return round_directed<M>(p, sign_of(exact - static_cast<double>(p)));
  } else {
    return round_directed<M>(p, sign_of(std::fma(a, b, -p)));
  }
}

template <rounding M, class T>
T rounded_div(T a, T b) {
  const T q = a / b;
  if (!std::isfinite(q)) return std::isinf(q) && std::isfinite(a) && b != 0 ? overflowed<M>(q) : q;
  if (q == 0 && a == 0) return q;
  const T remainder = std::fma(-q, b, a);  // a - q*b, exact: a/b - q = remainder / b
  return round_directed<M>(q, sign_of(remainder) * sign_of(b));
}

template <rounding M, class T>
T rounded_sqrt(T x) {
  const T s = std::sqrt(x);
  if (!std::isfinite(s) || s == 0) return s;
  return round_directed<M>(s, sign_of(std::fma(-s, s, x)));
}

template <class T>
void two_sum(T a, T b, T& sum, T& error) {
  sum = a + b;
  const T bb = sum - a;
  error = (a - (sum - bb)) + (b - bb);
}

template <rounding M, class T>
T rounded_fma(T a, T b, T c) {
  const T r = std::fma(a, b, c);
  if constexpr (M == rounding::to_nearest) {
    return r;
  } else {
    if (!std::isfinite(r))
      return std::isinf(r) && std::isfinite(a) && std::isfinite(b) && std::isfinite(c) ? overflowed<M>(r) : r;
    if constexpr (std::is_same_v<T, float>) {
      // The product is exact in double; sum and error of adding c are exact as a pair.
      double s, e;
      two_sum(static_cast<double>(a) * b, static_cast<double>(c), s, e);
      return round_directed<M>(r, sign_of((s - static_cast<double>(r)) + e));
    } else {
      // Boldo and Muller's exact error of an fma: a*b + c - r = r2 + r3, |r3| <= ulp(r2) / 2.
      const T u1 = a * b, u2 = std::fma(a, b, -u1);
      T alpha, z, beta1, beta2;
      two_sum(c, u2, alpha, z);
      two_sum(u1, alpha, beta1, beta2);
      const T g = (beta1 - r) + beta2;
      const T r2 = g + z;
      const T r3 = z - (r2 - g);
      return round_directed<M>(r, r2 != 0 ? sign_of(r2) : sign_of(r3));
    }
  }
}

// Round a floating value to an integral value of the same type in mode M (ties to even).
template <rounding M, class T>
T round_to_integral(T x) {
  if constexpr (M == rounding::toward_zero) return std::trunc(x);
  else if constexpr (M == rounding::upward) return std::ceil(x);
  else if constexpr (M == rounding::downward) return std::floor(x);
  else {
    const T down = std::floor(x), diff = x - down;
    if (diff < T(0.5)) return down;
    if (diff > T(0.5)) return down + 1;
    return std::fmod(down, T(2)) == 0 ? down : down + 1;
  }
}

// Floating -> integer: CUDA leaves out-of-range results undefined; like the hardware, the CPU
// saturates to the type's range and gives 0 for NaN.
template <class To, rounding M, class From>
To convert_rounded(From x) {
  if constexpr (std::is_integral_v<To>) {
    static_assert(std::is_floating_point_v<From>);
    if (std::isnan(x)) return 0;
    const From r = round_to_integral<M>(x);
    // Compare in long double-free terms: the limits as From values are exact powers of two.
    const From low = std::is_signed_v<To> ? -std::ldexp(From(1), std::numeric_limits<To>::digits) : From(0);
    const From high = std::ldexp(From(1), std::numeric_limits<To>::digits);  // one past the max
    if (r < low) return std::numeric_limits<To>::min();
    if (r >= high) return std::numeric_limits<To>::max();
    return static_cast<To>(r);
  } else if constexpr (std::is_integral_v<From>) {
    const To nearest = static_cast<To>(x);  // the host converts integers to nearest
    // The nearest value is an integer below 2^64 in magnitude (or exactly 2^64): exact in __int128.
    const auto back = static_cast<__int128>(nearest);
    const auto exact = static_cast<__int128>(x);
    return round_directed<M>(nearest, exact > back ? 1 : (exact < back ? -1 : 0));
  } else {
    const To nearest = static_cast<To>(x);
    if (!std::isfinite(nearest))
      return std::isinf(nearest) && std::isfinite(x) ? overflowed<M>(nearest) : nearest;
    return round_directed<M>(nearest, sign_of(x - static_cast<From>(nearest)));
  }
}

}  // namespace scanlab::cpu::detail
