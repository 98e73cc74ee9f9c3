// <math.h> for code built for scanlab's CPU backend. nvcc compiles C++17, where libstdc++'s <math.h>
// brings the C++ overloads of the math functions into the global namespace; the CPU backend compiles
// C++20, where that header also exports std::lerp as ::lerp, which collides with the `lerp` that
// CUDA helper headers define for themselves (cuda-samples' helper_math.h, many course headers). This
// header gives the global names of the C++17 <math.h> and leaves lerp in std, as under nvcc.
// libstdc++'s own <cmath> reaches the C library's <math.h> with #include_next, past this file.
#if !defined(__cplusplus) || !defined(__GLIBCXX__) && !defined(__GLIBCPP__) && !__has_include(<bits/c++config.h>)
#include_next <math.h>
#else
#ifndef SCANLAB_CPU_MATH_H
#define SCANLAB_CPU_MATH_H
#include <cmath>
// libstdc++'s wrapper would add `using std::lerp;`: it must not be included after this one.
#ifndef _GLIBCXX_MATH_H
#define _GLIBCXX_MATH_H 1
#endif

using std::abs;
using std::acos;
using std::asin;
using std::atan;
using std::atan2;
using std::ceil;
using std::cos;
using std::cosh;
using std::exp;
using std::fabs;
using std::floor;
using std::fmod;
using std::frexp;
using std::ldexp;
using std::log;
using std::log10;
using std::modf;
using std::pow;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;

using std::fpclassify;
using std::isfinite;
using std::isgreater;
using std::isgreaterequal;
using std::isinf;
using std::isless;
using std::islessequal;
using std::islessgreater;
using std::isnan;
using std::isnormal;
using std::isunordered;
using std::signbit;

using std::acosh;
using std::asinh;
using std::atanh;
using std::cbrt;
using std::copysign;
using std::erf;
using std::erfc;
using std::exp2;
using std::expm1;
using std::fdim;
using std::fma;
using std::fmax;
using std::fmin;
using std::hypot;
using std::ilogb;
using std::lgamma;
using std::llrint;
using std::llround;
using std::log1p;
using std::log2;
using std::logb;
using std::lrint;
using std::lround;
using std::nearbyint;
using std::nextafter;
using std::nexttoward;
using std::remainder;
using std::remquo;
using std::rint;
using std::round;
using std::scalbln;
using std::scalbn;
using std::tgamma;
using std::trunc;
#endif
#endif
