// Jumps of MRG32k3a: each of its two recursions is linear on its three last values, so n steps
// are the n-th power of a 3x3 matrix modulo the recursion's modulus. The powers M^(2^k),
// k = 0..190, are computed once on first use: offsets use k < 64, subsequences (2^76 steps
// apart) k = 76..139, sequences (2^127 apart) k = 127..190.
#pragma once

#include <cstdint>

#include "scanlab/cpu/curand/states.h"

namespace scanlab::cpu::curand_detail {

constexpr std::uint64_t mrg_m1 = 4294967087u, mrg_m2 = 4294944443u;
constexpr std::uint64_t mrg_a12 = 1403580u, mrg_a13n = 810728u, mrg_a21 = 527612u, mrg_a23n = 1370589u;
constexpr int mrg_subsequence_log2 = 76;
constexpr int mrg_sequence_log2 = 127;
constexpr int mrg_jump_count = mrg_sequence_log2 + 64;

struct mod_matrix3 {
  std::uint64_t a[3][3];
};

inline mod_matrix3 mod_multiply(const mod_matrix3& x, const mod_matrix3& y, std::uint64_t m) {
  mod_matrix3 r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      std::uint64_t sum = 0;
      for (int k = 0; k < 3; ++k) sum += (x.a[i][k] * y.a[k][j]) % m;
      r.a[i][j] = sum % m;
    }
  return r;
}

// s := M s (mod m), s holding the recursion's values oldest first.
inline void mod_apply(const mod_matrix3& x, unsigned int s[3], std::uint64_t m) {
  std::uint64_t r[3];
  for (int i = 0; i < 3; ++i) {
    std::uint64_t sum = 0;
    for (int k = 0; k < 3; ++k) sum += (x.a[i][k] * s[k]) % m;
    r[i] = sum % m;
  }
  for (int i = 0; i < 3; ++i) s[i] = static_cast<unsigned int>(r[i]);
}

struct mrg_jumps {
  mod_matrix3 pow1[mrg_jump_count], pow2[mrg_jump_count];  // M1^(2^k) mod m1, M2^(2^k) mod m2
  SCANLAB_CURAND_UNCHECKED mrg_jumps() {
    // x1_new = a12 * x1[1] - a13n * x1[0];  x2_new = a21 * x2[2] - a23n * x2[0]
    pow1[0] = mod_matrix3{{{0, 1, 0}, {0, 0, 1}, {mrg_m1 - mrg_a13n, mrg_a12, 0}}};
    pow2[0] = mod_matrix3{{{0, 1, 0}, {0, 0, 1}, {mrg_m2 - mrg_a23n, 0, mrg_a21}}};
    for (int k = 1; k < mrg_jump_count; ++k) {
      pow1[k] = mod_multiply(pow1[k - 1], pow1[k - 1], mrg_m1);
      pow2[k] = mod_multiply(pow2[k - 1], pow2[k - 1], mrg_m2);
    }
  }
};

inline const mrg_jumps& mrg_jump_table() {
  static const mrg_jumps* table = new mrg_jumps();  // built once, thread-safe
  return *table;
}

// Both recursions advanced by n * 2^first steps.
SCANLAB_CURAND_UNCHECKED inline void mrg_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n,
                                              int first) {
  if (n == 0) return;
  const mrg_jumps& t = mrg_jump_table();
  for (int k = 0; n != 0; ++k, n >>= 1)
    if (n & 1) {
      mod_apply(t.pow1[first + k], s1, mrg_m1);
      mod_apply(t.pow2[first + k], s2, mrg_m2);
    }
}

}  // namespace scanlab::cpu::curand_detail
