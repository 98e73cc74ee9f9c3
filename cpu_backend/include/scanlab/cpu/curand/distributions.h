// Uniform, normal and log-normal values from the three generators, with cuRAND's formulas: which
// draws each value takes, and the Box-Muller pair whose second half the state keeps for the next
// call (curand_normal, curand_log_normal; a call of the other kind discards it).
#pragma once

#include "scanlab/cpu/curand/box_muller.h"
#include "scanlab/cpu/curand/mrg32k3a.h"
#include "scanlab/cpu/curand/philox.h"
#include "scanlab/cpu/curand/xorwow.h"

// ---- uniform
inline float curand_uniform(curandStateXORWOW_t* state) {
  return scanlab::cpu::curand_detail::uniform_float(curand(state));
}
inline float curand_uniform(curandStatePhilox4_32_10_t* state) {
  return scanlab::cpu::curand_detail::uniform_float(curand(state));
}
inline float curand_uniform(curandStateMRG32k3a_t* state) {
  return static_cast<float>(scanlab::cpu::curand_detail::mrg_next(state) * MRG32K3A_NORM);
}
inline float4 curand_uniform4(curandStatePhilox4_32_10_t* state) {
  using scanlab::cpu::curand_detail::uniform_float;
  const uint4 x = curand4(state);
  return make_float4(uniform_float(x.x), uniform_float(x.y), uniform_float(x.z), uniform_float(x.w));
}

inline double curand_uniform_double(curandStateXORWOW_t* state) {
  const unsigned int x = curand(state);
  const unsigned int y = curand(state);
  return scanlab::cpu::curand_detail::uniform_double(x, y);
}
// Philox's single double takes one draw only (32 random bits), as on a GPU.
inline double curand_uniform_double(curandStatePhilox4_32_10_t* state) {
  return curand(state) * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
inline double curand_uniform_double(curandStateMRG32k3a_t* state) {
  return scanlab::cpu::curand_detail::mrg_next(state) * MRG32K3A_NORM;
}
inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t* state) {
  using scanlab::cpu::curand_detail::uniform_double;
  const uint4 x = curand4(state);
  return make_double2(uniform_double(x.x, x.y), uniform_double(x.z, x.w));
}

namespace scanlab::cpu::curand_detail {

// One Box-Muller pair from each generator, in float and in double.
inline float2 normal_pair(curandStateXORWOW_t* s) {
  const unsigned int x = curand(s);
  const unsigned int y = curand(s);
  return box_muller(x, y);
}
inline float2 normal_pair(curandStatePhilox4_32_10_t* s) {
  const unsigned int x = curand(s);
  const unsigned int y = curand(s);
  return box_muller(x, y);
}
inline float2 normal_pair(curandStateMRG32k3a_t* s) {
  const float u = curand_uniform(s);
  const float angle = curand_uniform(s) * CURAND_2PI;
  return polar_float(u, angle);
}
inline double2 normal_pair_double(curandStateXORWOW_t* s) {
  const unsigned int x0 = curand(s), x1 = curand(s), y0 = curand(s), y1 = curand(s);
  return box_muller_double(x0, x1, y0, y1);
}
inline double2 normal_pair_double(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  return box_muller_double(x.x, x.y, x.z, x.w);
}
inline double2 normal_pair_double(curandStateMRG32k3a_t* s) {
  const double u = curand_uniform_double(s);
  const double half_turns = curand_uniform_double(s) * 2.0;
  return polar_double(u, half_turns);
}

// The first half of a fresh pair, the second kept in the state under `flag`; or the kept one.
// Float and double pairs have fields of their own, so the two never hand each other a value.
template <class Flag, class Value, class Draw>
inline Value first_or_kept(Flag& kept_flag, Value& kept, int flag, Draw draw) {
  if (kept_flag != flag) {
    const auto v = draw();
    kept = v.y;
    kept_flag = flag;
    return v.x;
  }
  kept_flag = 0;
  return kept;
}
template <class State, class Make>
inline float cached_float(State* s, int flag, Make make) {
  return first_or_kept(s->boxmuller_flag, s->boxmuller_extra, flag, [&] { return make(normal_pair(s)); });
}
template <class State, class Make>
inline double cached_double(State* s, int flag, Make make) {
  return first_or_kept(s->boxmuller_flag_double, s->boxmuller_extra_double, flag,
                       [&] { return make(normal_pair_double(s)); });
}

// exp(mean + stddev * z), the product and sum fused as on a GPU.
inline float log_normal(float z, float mean, float stddev) { return expf(fmaf(stddev, z, mean)); }
inline double log_normal(double z, double mean, double stddev) { return exp(fma(stddev, z, mean)); }

}  // namespace scanlab::cpu::curand_detail

// ---- normal and log-normal, for each generator
#define SCANLAB_CURAND_NORMALS(State)                                                                    \
  inline float curand_normal(State* state) {                                                              \
    using namespace scanlab::cpu::curand_detail;                                                          \
    return cached_float(state, EXTRA_FLAG_NORMAL, [](float2 v) { return v; });                            \
  }                                                                                                       \
  inline float2 curand_normal2(State* state) { return scanlab::cpu::curand_detail::normal_pair(state); }  \
  inline double curand_normal_double(State* state) {                                                      \
    using namespace scanlab::cpu::curand_detail;                                                          \
    return cached_double(state, EXTRA_FLAG_NORMAL, [](double2 v) { return v; });                          \
  }                                                                                                       \
  inline double2 curand_normal2_double(State* state) {                                                    \
    return scanlab::cpu::curand_detail::normal_pair_double(state);                                        \
  }                                                                                                       \
  inline float curand_log_normal(State* state, float mean, float stddev) {                                \
    using namespace scanlab::cpu::curand_detail;                                                          \
    return cached_float(state, EXTRA_FLAG_LOG_NORMAL, [=](float2 v) {                                     \
      return make_float2(log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev)); });               \
  }                                                                                                       \
  inline float2 curand_log_normal2(State* state, float mean, float stddev) {                              \
    using namespace scanlab::cpu::curand_detail;                                                          \
    const float2 v = normal_pair(state);                                                                  \
    return make_float2(log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev));                     \
  }                                                                                                       \
  inline double curand_log_normal_double(State* state, double mean, double stddev) {                      \
    using namespace scanlab::cpu::curand_detail;                                                          \
    return cached_double(state, EXTRA_FLAG_LOG_NORMAL, [=](double2 v) {                                   \
      return make_double2(log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev)); });              \
  }                                                                                                       \
  inline double2 curand_log_normal2_double(State* state, double mean, double stddev) {                    \
    using namespace scanlab::cpu::curand_detail;                                                          \
    const double2 v = normal_pair_double(state);                                                          \
    return make_double2(log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev));                    \
  }

SCANLAB_CURAND_NORMALS(curandStateXORWOW_t)
SCANLAB_CURAND_NORMALS(curandStatePhilox4_32_10_t)
SCANLAB_CURAND_NORMALS(curandStateMRG32k3a_t)
#undef SCANLAB_CURAND_NORMALS

// Philox's four at a time: two pairs from one block of four draws.
inline float4 curand_normal4(curandStatePhilox4_32_10_t* state) {
  using scanlab::cpu::curand_detail::box_muller;
  const uint4 x = curand4(state);
  const float2 a = box_muller(x.x, x.y), b = box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
inline float4 curand_log_normal4(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
  using scanlab::cpu::curand_detail::log_normal;
  const float4 v = curand_normal4(state);
  return make_float4(log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev), log_normal(v.z, mean, stddev),
                     log_normal(v.w, mean, stddev));
}
