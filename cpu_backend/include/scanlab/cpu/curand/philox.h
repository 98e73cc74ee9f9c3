// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): ten rounds over a
// 128-bit counter under a 64-bit key (the seed). A subsequence is 2^64 counter blocks (the
// counter's upper half), so 2^66 values.
#pragma once

#include <cstdint>

#include "scanlab/cpu/curand/states.h"

namespace scanlab::cpu::curand_detail {

inline uint4 philox_round(uint4 c, uint2 k) {
  const std::uint64_t p0 = std::uint64_t(PHILOX_M4x32_0) * c.x;
  const std::uint64_t p1 = std::uint64_t(PHILOX_M4x32_1) * c.z;
  uint4 r;
  r.x = static_cast<unsigned int>(p1 >> 32) ^ c.y ^ k.x;
  r.y = static_cast<unsigned int>(p1);
  r.z = static_cast<unsigned int>(p0 >> 32) ^ c.w ^ k.y;
  r.w = static_cast<unsigned int>(p0);
  return r;
}

inline uint4 philox_block(uint4 c, uint2 k) {
  for (int round = 0; round < 9; ++round) {
    c = philox_round(c, k);
    k.x += PHILOX_W32_0;
    k.y += PHILOX_W32_1;
  }
  return philox_round(c, k);
}

// The 128-bit counter plus n (low half; a carry out of the low half is taken as the GPU takes
// it, which drops one only at n >= 2^64 - 2^32), or plus n * 2^64 (high half).
inline void philox_add(uint4& c, unsigned long long n) {
  const unsigned int lo = static_cast<unsigned int>(n);
  unsigned int hi = static_cast<unsigned int>(n >> 32);
  c.x += lo;
  if (c.x < lo) ++hi;
  c.y += hi;
  if (hi <= c.y) return;
  if (++c.z != 0) return;
  ++c.w;
}
inline void philox_add_high(uint4& c, unsigned long long n) {
  const unsigned long long high = ((unsigned long long)c.w << 32 | c.z) + n;
  c.z = static_cast<unsigned int>(high);
  c.w = static_cast<unsigned int>(high >> 32);
}

inline unsigned int philox_word(const uint4& b, unsigned int i) {
  return i == 0 ? b.x : i == 1 ? b.y : i == 2 ? b.z : b.w;
}

}  // namespace scanlab::cpu::curand_detail

inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  using namespace scanlab::cpu::curand_detail;
  state->STATE += static_cast<unsigned int>(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  philox_add(state->ctr, n);
  state->output = philox_block(state->ctr, state->key);
}

inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  using namespace scanlab::cpu::curand_detail;
  philox_add_high(state->ctr, n);
  state->output = philox_block(state->ctr, state->key);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStatePhilox4_32_10_t* state) {
  state->ctr = make_uint4(0, 0, 0, 0);
  state->key.x = static_cast<unsigned int>(seed);
  state->key.y = static_cast<unsigned int>(seed >> 32);
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

// The next word of the current block; a used-up block moves the counter on.
inline unsigned int curand(curandStatePhilox4_32_10_t* state) {
  using namespace scanlab::cpu::curand_detail;
  const unsigned int r = philox_word(state->output, state->STATE);
  if (++state->STATE == 4) {
    philox_add(state->ctr, 1);
    state->output = philox_block(state->ctr, state->key);
    state->STATE = 0;
  }
  return r;
}

// The next four words, which may straddle two blocks.
inline uint4 curand4(curandStatePhilox4_32_10_t* state) {
  using namespace scanlab::cpu::curand_detail;
  const uint4 cur = state->output;
  philox_add(state->ctr, 1);
  state->output = philox_block(state->ctr, state->key);
  const unsigned int s = state->STATE;
  unsigned int w[8] = {cur.x, cur.y, cur.z, cur.w, state->output.x, state->output.y, state->output.z,
                       state->output.w};
  return make_uint4(w[s], w[s + 1], w[s + 2], w[s + 3]);
}
