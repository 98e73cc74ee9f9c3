// curandGetDirectionVectors32/64: Sobol direction vectors from Joe and Kuo's parameters
// (curand_sobol_params.inc, made by cpu_backend/tools/gen_sobol_directions.py), built on first use.
// Dimension 0 is van der Corput's (every m_k = 1); dimension d >= 1 is the file's dimension d + 1,
// with degree s, coefficients a and initial m_1..m_s, and for k > s
//   m_k = 2^s m_{k-s} ^ m_{k-s} ^ XOR_{j=1..s-1} a_j 2^j m_{k-j}
// (a_j the j-th of a's s-1 bits from the top). The vectors are v_k = m_k << (W - k), k = 1..W, W
// the word size.
#include <cstdint>
#include <mutex>
#include <string_view>
#include <vector>

#include <curand.h>

namespace {

constexpr std::size_t kDimensions = 20000;

constexpr char kPacked[] =
#include "curand_sobol_params.inc"
    ;

class BitReader {
 public:
  unsigned read(int width) {
    unsigned value = 0;
    for (int k = 0; k < width; ++k) value = (value << 1) | bit();
    return value;
  }

 private:
  unsigned bit() {
    if (left_ == 0) {
      const std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
      word_ = static_cast<unsigned>(alphabet.find(kPacked[next_++]));
      left_ = 6;
    }
    --left_;
    return (word_ >> left_) & 1u;
  }
  std::size_t next_ = 0;
  unsigned word_ = 0;
  int left_ = 0;
};

struct Tables {
  curandDirectionVectors32_t v32[kDimensions];
  curandDirectionVectors64_t v64[kDimensions];
};

void fill(Tables& t, std::size_t dim, const std::vector<std::uint64_t>& m) {  // m[1..64]
  for (int k = 1; k <= 32; ++k) t.v32[dim][k - 1] = static_cast<unsigned int>(m[k] << (32 - k));
  for (int k = 1; k <= 64; ++k) t.v64[dim][k - 1] = m[k] << (64 - k);
}

const Tables& tables() {
  static Tables t;  // 7.5 MB, zero until the first call
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::uint64_t> m(65, 1);
    fill(t, 0, m);
    BitReader in;
    for (std::size_t dim = 1; dim < kDimensions; ++dim) {
      const int s = static_cast<int>(in.read(5));
      const unsigned a = in.read(s - 1);
      m[1] = 1;
      for (int i = 2; i <= s; ++i) m[i] = (static_cast<std::uint64_t>(in.read(i - 1)) << 1) | 1u;
      for (int k = s + 1; k <= 64; ++k) {
        std::uint64_t value = m[k - s] ^ (m[k - s] << s);
        for (int j = 1; j < s; ++j)
          if ((a >> (s - 1 - j)) & 1u) value ^= m[k - j] << j;
        m[k] = value;
      }
      fill(t, dim, m);
    }
  });
  return t;
}

}  // namespace

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t* vectors[], curandDirectionVectorSet_t set) {
  if (vectors == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  if (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6) return CURAND_STATUS_TYPE_ERROR;
  *vectors = const_cast<curandDirectionVectors32_t*>(tables().v32);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t* vectors[], curandDirectionVectorSet_t set) {
  if (vectors == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  if (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6) return CURAND_STATUS_TYPE_ERROR;
  *vectors = const_cast<curandDirectionVectors64_t*>(tables().v64);
  return CURAND_STATUS_SUCCESS;
}
