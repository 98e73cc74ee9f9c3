// Sobol32 and Sobol64 (quasi-random, one dimension per state): Gray-code order, so point i is the
// XOR of the direction vectors at the set bits of i ^ (i >> 1), and each step flips in the vector
// at the lowest zero bit of i. The state's layout is the toolkit's; c is the scrambling constant,
// 0 here (the scrambled generators are not provided).
#pragma once

#include "scanlab/cpu/curand/box_muller.h"

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;

struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;

namespace scanlab::cpu::curand_detail {

// Point `state->i` from scratch: c XOR the vectors picked by the Gray code of i.
template <class State, class Word, int Bits>
inline void sobol_position(State* state) {
  const Word gray = state->i ^ (state->i >> 1);
  Word x = state->c;
  for (int k = 0; k < Bits; ++k)
    if ((gray >> k) & 1) x ^= state->direction_vectors[k];
  state->x = x;
}

template <class Word>
inline int lowest_zero_bit(Word i) {
  int k = 0;
  while ((i >> k) & 1) ++k;
  return k;
}

// Values in (0, 1): the high 32 bits (float) or 53 bits (double from 64), centred in their step.
inline double sobol_uniform_double(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE / 2.0;
}
inline double sobol_uniform_double(unsigned long long x) {
  return static_cast<double>(x >> 11) * CURAND_2POW53_INV_DOUBLE + CURAND_2POW53_INV_DOUBLE / 2.0;
}

}  // namespace scanlab::cpu::curand_detail

inline void skipahead(unsigned int n, curandStateSobol32_t* state) {
  state->i += n;
  scanlab::cpu::curand_detail::sobol_position<curandStateSobol32_t, unsigned int, 32>(state);
}
inline void skipahead(unsigned long long n, curandStateSobol64_t* state) {
  state->i += n;
  scanlab::cpu::curand_detail::sobol_position<curandStateSobol64_t, unsigned long long, 64>(state);
}

inline void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset, curandStateSobol32_t* state) {
  for (int k = 0; k < 32; ++k) state->direction_vectors[k] = direction_vectors[k];
  state->i = 0;
  state->c = 0;
  skipahead(offset, state);
}
inline void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                        curandStateSobol64_t* state) {
  for (int k = 0; k < 64; ++k) state->direction_vectors[k] = direction_vectors[k];
  state->i = 0;
  state->c = 0;
  skipahead(offset, state);
}

inline unsigned int curand(curandStateSobol32_t* state) {
  const unsigned int value = state->x;
  state->x ^= state->direction_vectors[scanlab::cpu::curand_detail::lowest_zero_bit(state->i)];
  ++state->i;
  return value;
}
inline unsigned long long curand(curandStateSobol64_t* state) {
  const unsigned long long value = state->x;
  state->x ^= state->direction_vectors[scanlab::cpu::curand_detail::lowest_zero_bit(state->i)];
  ++state->i;
  return value;
}

inline float curand_uniform(curandStateSobol32_t* state) {
  return scanlab::cpu::curand_detail::uniform_float(curand(state));
}
inline float curand_uniform(curandStateSobol64_t* state) {
  return scanlab::cpu::curand_detail::uniform_float(static_cast<unsigned int>(curand(state) >> 32));
}
inline double curand_uniform_double(curandStateSobol32_t* state) {
  return scanlab::cpu::curand_detail::sobol_uniform_double(curand(state));
}
inline double curand_uniform_double(curandStateSobol64_t* state) {
  return scanlab::cpu::curand_detail::sobol_uniform_double(curand(state));
}

// Normal values by the inverse of the normal CDF (one draw each: a Box-Muller pair would mix two
// dimensions' worth of one sequence).
inline float curand_normal(curandStateSobol32_t* state) { return normcdfinvf(curand_uniform(state)); }
inline float curand_normal(curandStateSobol64_t* state) { return normcdfinvf(curand_uniform(state)); }
inline double curand_normal_double(curandStateSobol32_t* state) { return normcdfinv(curand_uniform_double(state)); }
inline double curand_normal_double(curandStateSobol64_t* state) { return normcdfinv(curand_uniform_double(state)); }
inline float curand_log_normal(curandStateSobol32_t* state, float mean, float stddev) {
  return expf(fmaf(stddev, curand_normal(state), mean));
}
inline float curand_log_normal(curandStateSobol64_t* state, float mean, float stddev) {
  return expf(fmaf(stddev, curand_normal(state), mean));
}
inline double curand_log_normal_double(curandStateSobol32_t* state, double mean, double stddev) {
  return exp(fma(stddev, curand_normal_double(state), mean));
}
inline double curand_log_normal_double(curandStateSobol64_t* state, double mean, double stddev) {
  return exp(fma(stddev, curand_normal_double(state), mean));
}
