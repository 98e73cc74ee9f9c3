// XORWOW, cuRAND's default generator (curandState): seeding, the step, and skip-ahead.
#pragma once

#include "scanlab/cpu/curand/xorwow_jump.h"

inline void skipahead(unsigned long long n, curandStateXORWOW_t* state) {
  unsigned int v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  scanlab::cpu::curand_detail::xorwow_jump(v, n, 0);
  for (int k = 0; k < 5; ++k) state->v[k] = v[k];
  state->d += 362437u * static_cast<unsigned int>(n);
}

// n subsequences of 2^67 steps; d moves by a multiple of 2^32, so it stays.
inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t* state) {
  unsigned int v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  scanlab::cpu::curand_detail::xorwow_jump(v, n, scanlab::cpu::curand_detail::xorwow_subsequence_log2);
  for (int k = 0; k < 5; ++k) state->v[k] = v[k];
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateXORWOW_t* state) {
  // The seed's halves, salted, then mixed by odd multipliers into the five words and the counter.
  const unsigned int lo = static_cast<unsigned int>(seed) ^ 0xaad26b49u;
  const unsigned int hi = static_cast<unsigned int>(seed >> 32) ^ 0xf7dcefddu;
  const unsigned int a = 1099087573u * lo;
  const unsigned int b = 2591861531u * hi;
  state->d = 6615241u + b + a;
  state->v[0] = 123456789u + a;
  state->v[1] = 362436069u ^ a;
  state->v[2] = 521288629u + b;
  state->v[3] = 88675123u ^ b;
  state->v[4] = 5783321u + a;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

inline unsigned int curand(curandStateXORWOW_t* state) {
  unsigned int v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  scanlab::cpu::curand_detail::xorshift_step(v);
  for (int k = 0; k < 5; ++k) state->v[k] = v[k];
  state->d += 362437u;
  return state->v[4] + state->d;
}
