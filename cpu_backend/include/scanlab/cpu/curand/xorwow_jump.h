// Jumps of XORWOW's xorshift part: one step is a linear map of the 160 state bits over GF(2), so
// n steps are the n-th power of its 160x160 bit matrix. The powers A^(2^k), k = 0..130, are
// computed once, by repeated squaring, on first use: offsets use k < 64, subsequences (2^67
// steps apart) use k = 67..130.
#pragma once

#include <cstdint>

#include "scanlab/cpu/curand/states.h"

namespace scanlab::cpu::curand_detail {

// Row r (bit r % 32 of word r / 32) is the image of that one state bit.
struct gf2_matrix {
  std::uint32_t row[160][5];
};

// x * M: the sum of M's rows for the bits set in x.
SCANLAB_CURAND_UNCHECKED inline void gf2_apply(std::uint32_t x[5], const gf2_matrix& m) {
  std::uint32_t out[5] = {0, 0, 0, 0, 0};
  for (int w = 0; w < 5; ++w)
    for (std::uint32_t bits = x[w]; bits != 0; bits &= bits - 1) {
      const std::uint32_t* r = m.row[32 * w + __builtin_ctz(bits)];
      for (int k = 0; k < 5; ++k) out[k] ^= r[k];
    }
  for (int k = 0; k < 5; ++k) x[k] = out[k];
}

// The xorshift step on v alone (the Weyl counter d is added outside).
inline void xorshift_step(std::uint32_t v[5]) {
  const std::uint32_t t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

constexpr int xorwow_subsequence_log2 = 67;
constexpr int xorwow_jump_count = xorwow_subsequence_log2 + 64;

struct xorwow_jumps {
  gf2_matrix pow2[xorwow_jump_count];  // pow2[k] = A^(2^k)
  SCANLAB_CURAND_UNCHECKED xorwow_jumps() {
    for (int r = 0; r < 160; ++r) {
      std::uint32_t v[5] = {0, 0, 0, 0, 0};
      v[r / 32] = 1u << (r % 32);
      xorshift_step(v);
      for (int k = 0; k < 5; ++k) pow2[0].row[r][k] = v[k];
    }
    for (int k = 1; k < xorwow_jump_count; ++k) {
      pow2[k] = pow2[k - 1];
      for (int r = 0; r < 160; ++r) gf2_apply(pow2[k].row[r], pow2[k - 1]);
    }
  }
};

inline const xorwow_jumps& xorwow_jump_table() {
  static const xorwow_jumps* table = new xorwow_jumps();  // built once, thread-safe
  return *table;
}

// v advanced by n * 2^first steps.
SCANLAB_CURAND_UNCHECKED inline void xorwow_jump(std::uint32_t v[5], unsigned long long n, int first) {
  if (n == 0) return;
  const xorwow_jumps& t = xorwow_jump_table();
  for (int k = 0; n != 0; ++k, n >>= 1)
    if (n & 1) gf2_apply(v, t.pow2[first + k]);
}

}  // namespace scanlab::cpu::curand_detail
