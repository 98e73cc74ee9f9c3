// The Box-Muller transform as cuRAND computes it on a GPU: two uniforms, one for the radius
// (sqrt(-2 log u)) and one for the angle, both halves of the pair kept. The float angle goes
// through __sincosf, the double one through sincospi, and a*b+c is one fused multiply-add,
// as nvcc compiles the device code (it contracts them by default).
#pragma once

#include "scanlab/cpu/curand/states.h"
#include "scanlab/cpu/math_api.h"

namespace scanlab::cpu::curand_detail {

// A 32-bit draw as a float in (0, 1]: the draw times 2^-32 plus half a step.
inline float uniform_float(unsigned int x) {
  return fmaf(static_cast<float>(x), CURAND_2POW32_INV, CURAND_2POW32_INV / 2.0f);
}

// Two draws as a double with 53 random bits, in (0, 1).
inline unsigned long long bits53(unsigned int x, unsigned int y) {
  return static_cast<unsigned long long>(x) ^ (static_cast<unsigned long long>(y) << (53 - 32));
}
inline double uniform_double(unsigned int x, unsigned int y) {
  return static_cast<double>(bits53(x, y)) * CURAND_2POW53_INV_DOUBLE + CURAND_2POW53_INV_DOUBLE / 2.0;
}

// Radius from u in (0, 1], angle 2*pi*a: the pair (r sin, r cos).
inline float2 polar_float(float u, float angle) {
  const float r = sqrtf(-2.0f * logf(u));
  float s, c;
  __sincosf(angle, &s, &c);
  return make_float2(s * r, c * r);
}
inline double2 polar_double(double u, double half_turns) {
  const double r = sqrt(-2.0 * log(u));
  double s, c;
  sincospi(half_turns, &s, &c);
  return make_double2(s * r, c * r);
}

inline float2 box_muller(unsigned int x, unsigned int y) {
  const float angle = fmaf(static_cast<float>(y), CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2.0f);
  return polar_float(uniform_float(x), angle);
}

inline double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1) {
  const double u = uniform_double(x0, x1);
  const double v = static_cast<double>(bits53(y0, y1)) * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  return polar_double(u, v);
}

}  // namespace scanlab::cpu::curand_detail
