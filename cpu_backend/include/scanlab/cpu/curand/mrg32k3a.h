// MRG32k3a (L'Ecuyer 1999): seeding, the step, and skip-ahead by values, subsequences (2^76
// values) and sequences (2^127 values).
#pragma once

#include "scanlab/cpu/curand/mrg32k3a_jump.h"

namespace scanlab::cpu::curand_detail {

template <int Shift>
inline void mrg_skip(unsigned long long n, curandStateMRG32k3a_t* state) {
  unsigned int s1[3] = {state->s1[0], state->s1[1], state->s1[2]};
  unsigned int s2[3] = {state->s2[0], state->s2[1], state->s2[2]};
  mrg_jump(s1, s2, n, Shift);
  for (int i = 0; i < 3; ++i) {
    state->s1[i] = s1[i];
    state->s2[i] = s2[i];
  }
}

// One step of both recursions; the combination, in (0, m1], as a double.
inline double mrg_next(curandStateMRG32k3a_t* state) {
  const std::uint64_t p1 = (mrg_a12 * state->s1[1] + mrg_a13n * (mrg_m1 - state->s1[0])) % mrg_m1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = static_cast<unsigned int>(p1);
  const std::uint64_t p2 = (mrg_a21 * state->s2[2] + mrg_a23n * (mrg_m2 - state->s2[0])) % mrg_m2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = static_cast<unsigned int>(p2);
  return p1 <= p2 ? static_cast<double>(p1 + mrg_m1 - p2) : static_cast<double>(p1 - p2);
}

}  // namespace scanlab::cpu::curand_detail

inline void skipahead(unsigned long long n, curandStateMRG32k3a_t* state) {
  scanlab::cpu::curand_detail::mrg_skip<0>(n, state);
}
inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  scanlab::cpu::curand_detail::mrg_skip<scanlab::cpu::curand_detail::mrg_subsequence_log2>(n, state);
}
inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  scanlab::cpu::curand_detail::mrg_skip<scanlab::cpu::curand_detail::mrg_sequence_log2>(n, state);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateMRG32k3a_t* state) {
  using namespace scanlab::cpu::curand_detail;
  for (int i = 0; i < 3; ++i) state->s1[i] = state->s2[i] = 12345u;
  if (seed != 0) {
    // The seed's halves, salted, multiply the six starting values.
    const std::uint64_t lo = static_cast<unsigned int>(seed) ^ 0x55555555u;
    const std::uint64_t hi = static_cast<unsigned int>(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = static_cast<unsigned int>(lo * 12345u % mrg_m1);
    state->s1[1] = static_cast<unsigned int>(hi * 12345u % mrg_m1);
    state->s1[2] = static_cast<unsigned int>(lo * 12345u % mrg_m1);
    state->s2[0] = static_cast<unsigned int>(hi * 12345u % mrg_m2);
    state->s2[1] = static_cast<unsigned int>(lo * 12345u % mrg_m2);
    state->s2[2] = static_cast<unsigned int>(hi * 12345u % mrg_m2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

// The raw value in (0, m1], as CUDA exposes it.
inline double curand_MRG32k3a(curandStateMRG32k3a_t* state) { return scanlab::cpu::curand_detail::mrg_next(state); }

inline unsigned int curand(curandStateMRG32k3a_t* state) {
  return static_cast<unsigned int>(scanlab::cpu::curand_detail::mrg_next(state) * MRG32K3A_BITS_NORM);
}
