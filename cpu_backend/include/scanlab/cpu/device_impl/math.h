// CUDA's math functions that the host C/C++ library lacks (min/max overloads, rsqrt, sinpi,
// erfinv, normcdfinv, erfcx, norm3d, cyl_bessel_i0, ...). Float versions compute in double and
// round once, which is within CUDA's documented error bounds for each function.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace scanlab::cpu::detail {

// min/max: the parameters already have CUDA's types (the call converted the arguments); mixed
// signed/unsigned overloads compare in the common (unsigned) type as CUDA's do; floating-point
// ones follow fmin/fmax (a NaN operand loses).
template <class A, class B>
auto smaller(A a, B b) {
  using C = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<C>) return std::fmin(static_cast<C>(a), static_cast<C>(b));
  else return static_cast<C>(a) < static_cast<C>(b) ? static_cast<C>(a) : static_cast<C>(b);
}
template <class A, class B>
auto larger(A a, B b) {
  using C = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<C>) return std::fmax(static_cast<C>(a), static_cast<C>(b));
  else return static_cast<C>(a) > static_cast<C>(b) ? static_cast<C>(a) : static_cast<C>(b);
}

template <class T>
T reciprocal_cbrt(T x) { return static_cast<T>(1.0 / std::cbrt(static_cast<double>(x))); }

// sin(pi x) and cos(pi x), exact at integers and half-integers: reduce x to r + k/2 with
// |r| <= 1/4 and pick the quadrant's sine or cosine.
template <class T>
void sincos_pi(T x, T* s, T* c) {
  if (!std::isfinite(x)) {
    *s = *c = std::numeric_limits<T>::quiet_NaN();
    return;
  }
  const double pi = 3.14159265358979323846;
  const double y = std::fmod(static_cast<double>(x), 2.0);  // exact
  const double half_turns = std::nearbyint(2.0 * y);        // quadrant, |y - k/2| <= 1/4
  const double r = y - half_turns / 2.0;
  const double sr = std::sin(pi * r), cr = std::cos(pi * r);
  double sv, cv;
  switch ((static_cast<int>(half_turns) % 4 + 4) % 4) {
    case 0: sv = sr; cv = cr; break;
    case 1: sv = cr; cv = -sr; break;
    case 2: sv = -sr; cv = -cr; break;
    default: sv = -cr; cv = sr; break;
  }
  if (sv == 0) sv = std::copysign(0.0, static_cast<double>(x));  // sinpi(n) is +-0 like x
  if (cv == 0) cv = 0.0;                                          // cospi(n + 1/2) is +0
  *s = static_cast<T>(sv);
  *c = static_cast<T>(cv);
}
template <class T>
T sin_pi(T x) { T s, c; sincos_pi(x, &s, &c); return s; }
template <class T>
T cos_pi(T x) { T s, c; sincos_pi(x, &s, &c); return c; }

// Inverse of erfc, by Newton's method from a logarithmic first guess; q in (0, 2).
inline double inverse_erfc_double(double q) {
  if (std::isnan(q) || q < 0 || q > 2) return std::numeric_limits<double>::quiet_NaN();
  if (q == 0) return std::numeric_limits<double>::infinity();
  if (q == 2) return -std::numeric_limits<double>::infinity();
  if (q > 1) return -inverse_erfc_double(2 - q);
  // Guess from erfc(y) ~ exp(-y^2) / (y sqrt(pi)) for small q, a straight line near q = 1.
  const double t = std::sqrt(-std::log(q));
  double y = q > 0.5 ? (1 - q) * 0.886226925452758 : t - std::log(t * 1.772453850905516) / (2 * t);
  const double two_over_sqrt_pi = 1.1283791670955126;
  for (int i = 0; i < 60; ++i) {
    const double f = std::erfc(y) - q;
    const double step = f / (-two_over_sqrt_pi * std::exp(-y * y));
    y -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(y)) break;
  }
  return y;
}
inline double inverse_erf_double(double x) {
  if (std::isnan(x) || x < -1 || x > 1) return std::numeric_limits<double>::quiet_NaN();
  if (x >= 0.5) return inverse_erfc_double(1 - x);
  if (x <= -0.5) return -inverse_erfc_double(1 + x);
  double y = x * 0.886226925452758;
  for (int i = 0; i < 60; ++i) {
    const double step = (std::erf(y) - x) / (1.1283791670955126 * std::exp(-y * y));
    y -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(y)) break;
  }
  return y;
}
template <class T>
T inverse_erf(T x) { return static_cast<T>(inverse_erf_double(x)); }
template <class T>
T inverse_erfc(T q) { return static_cast<T>(inverse_erfc_double(q)); }
template <class T>
T normal_cdf(T x) { return static_cast<T>(0.5 * std::erfc(-static_cast<double>(x) / 1.4142135623730951)); }
template <class T>
T inverse_normal_cdf(T p) { return static_cast<T>(-1.4142135623730951 * inverse_erfc_double(2.0 * p)); }

// erfcx(x) = exp(x^2) erfc(x), kept finite for large x by a continued fraction.
inline double scaled_erfc_double(double x) {
  if (std::isnan(x)) return x;
  if (x < 5) return std::exp(x * x) * std::erfc(x);
  // erfc(x) exp(x^2) = (1/sqrt(pi)) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), evaluated backwards.
  double tail = x;
  for (int k = 60; k >= 1; --k) tail = x + (k / 2.0) / tail;
  return 0.5641895835477563 / tail;
}
template <class T>
T scaled_erfc(T x) { return static_cast<T>(scaled_erfc_double(x)); }

template <class T, class... More>
T euclidean_norm(T a, More... more) {
  if constexpr (sizeof...(More) == 1) return std::hypot(a, more...);
  else if constexpr (sizeof...(More) == 2) return std::hypot(a, more...);
  else {
    const T v[] = {more...};
    return std::hypot(std::hypot(a, v[0]), std::hypot(v[1], v[2]));
  }
}
template <class T, class... More>
T reciprocal_euclidean_norm(T a, More... more) { return T(1) / euclidean_norm(a, more...); }
template <class T>
T euclidean_norm_of_array(int dim, const T* p) {
  double scale = 0;
  for (int i = 0; i < dim; ++i) scale = std::fmax(scale, std::fabs(static_cast<double>(p[i])));
  if (scale == 0 || std::isinf(scale)) return static_cast<T>(scale);
  double sum = 0;
  for (int i = 0; i < dim; ++i) sum += (p[i] / scale) * (p[i] / scale);
  return static_cast<T>(scale * std::sqrt(sum));
}
template <class T>
T reciprocal_euclidean_norm_of_array(int dim, const T* p) { return T(1) / euclidean_norm_of_array(dim, p); }

// sincos(float, float*, float*): glibc declares the double version only.
inline void sincos_via_double(float x, float* s, float* c) {
  *s = static_cast<float>(std::sin(static_cast<double>(x)));
  *c = static_cast<float>(std::cos(static_cast<double>(x)));
}

// Modified Bessel functions of the first kind, I0 and I1, by their power series
//   I_nu(x) = sum over k of (x/2)^(2k+nu) / (k! (k+nu)!),
// summed in long double. Every term is positive, so the sum loses nothing to cancellation (a few
// units in the last place of a double after the ~x/2 terms that matter); each term comes from the
// one before, so nothing overflows before the result does. Not std::cyl_bessel_i: libc++ (macOS)
// has none of C++17's special functions, and the same code everywhere gives the same bits.
inline long double bessel_i_series(int order, long double x) {
  const long double quarter_square = x * x / 4;
  long double term = order == 0 ? 1.0L : x / 2;
  long double sum = term;
  for (int k = 1; k < 100000; ++k) {
    term *= quarter_square / (static_cast<long double>(k) * (k + order));
    sum += term;
    if (term <= sum * std::numeric_limits<long double>::epsilon()) break;
  }
  return sum;
}
// I0 is even and I1 odd in x.
template <class T>
T bessel_i0(T x) {
  if (std::isnan(x)) return x;
  return static_cast<T>(bessel_i_series(0, std::fabs(static_cast<long double>(x))));
}
template <class T>
T bessel_i1(T x) {
  if (std::isnan(x)) return x;
  const long double v = bessel_i_series(1, std::fabs(static_cast<long double>(x)));
  return static_cast<T>(x < 0 ? -v : v);
}

}  // namespace scanlab::cpu::detail
