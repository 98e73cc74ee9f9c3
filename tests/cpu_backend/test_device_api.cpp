// Values of the CUDA device API (device_api_values.cu) against plain C++ references written here
// from each function's documented behaviour. The same file runs on the GPU and on the CPU backend.
#include <cfenv>
#include <climits>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <random>
#include <type_traits>

#include "device_api_values.h"
#include "scanlab_catch.hpp"

using namespace device_api;

TEST_CASE("atomics of every type accept int literals and combine every thread's update", "[device_api]") {
  const unsigned threads = 64;
  const atomic_results r = atomics_with_literals(threads);
  unsigned inc = 0, dec = 3;
  for (unsigned i = 0; i < threads; ++i) {
    inc = inc >= 9 ? 0 : inc + 1;
    dec = (dec == 0 || dec > 9) ? 9 : dec - 1;
  }
  CHECK(r.add_unsigned == threads);
  CHECK(r.inc_wraps == inc);
  CHECK(r.dec_wraps == dec);
  CHECK(r.max_unsigned == threads - 1);
  CHECK(r.cas_unsigned == 7);
  CHECK(r.add_ull == 2ull * threads);
  CHECK(r.or_ull == ~0ull);
  CHECK(r.max_ull == (63ull << 33));
  CHECK(r.min_ll == -63);
  CHECK(r.sub_int == -static_cast<int>(threads));
  CHECK(r.exch_int == 5);
  CHECK(r.and_int == INT_MIN);
  CHECK(r.xor_int == 0);
  CHECK(r.add_float == 64.0f);
  CHECK(r.add_double == 32.0);
  CHECK(r.cas_ushort == 1);
}

namespace {

unsigned ref_bit(std::uint64_t v, int i) { return static_cast<unsigned>((v >> i) & 1u); }
std::uint64_t ref_popcount(std::uint64_t v) {
  std::uint64_t n = 0;
  for (int i = 0; i < 64; ++i) n += ref_bit(v, i);
  return n;
}
std::uint64_t ref_clz(std::uint64_t v, int width) {
  int n = 0;
  for (int i = width - 1; i >= 0 && !ref_bit(v, i); --i) ++n;
  return static_cast<std::uint64_t>(n);
}
std::uint64_t ref_ffs(std::uint64_t v, int width) {
  for (int i = 0; i < width; ++i)
    if (ref_bit(v, i)) return static_cast<std::uint64_t>(i + 1);
  return 0;
}
std::uint64_t ref_reverse(std::uint64_t v, int width) {
  std::uint64_t out = 0;
  for (int i = 0; i < width; ++i)
    if (ref_bit(v, i)) out |= 1ull << (width - 1 - i);
  return out;
}
std::int64_t sext24(std::uint32_t v) { return (v & 0x800000u) ? static_cast<std::int64_t>(v & 0xffffffu) - 0x1000000 : (v & 0xffffffu); }
std::uint64_t dot_bytes(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool is_signed) {
  std::int64_t sum = is_signed ? static_cast<std::int32_t>(c) : static_cast<std::int64_t>(c);
  for (int i = 0; i < 4; ++i) {
    std::int64_t x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
    if (is_signed) {
      if (x > 127) x -= 256;
      if (y > 127) y -= 256;
    }
    sum += x * y;
  }
  return static_cast<std::uint32_t>(sum);
}
std::uint64_t ref_fns(std::uint32_t mask, std::uint32_t base, int offset) {
  if (offset == 0) return ref_bit(mask, static_cast<int>(base)) ? base : 0xffffffffu;
  int count = 0;
  for (int i = static_cast<int>(base); i >= 0 && i < 32; i += offset > 0 ? 1 : -1)
    if (ref_bit(mask, i) && ++count == std::abs(offset)) return static_cast<std::uint64_t>(i);
  return 0xffffffffu;
}

std::vector<std::uint64_t> integer_reference(std::uint32_t ua, std::uint32_t ub, std::uint32_t uc) {
  const std::int64_t sa = static_cast<std::int32_t>(ua), sb = static_cast<std::int32_t>(ub);
  const std::uint64_t la = (static_cast<std::uint64_t>(ua) << 32) | ub, lb = (static_cast<std::uint64_t>(ub) << 32) | uc;
  const unsigned __int128 wide = (static_cast<unsigned __int128>(ub) << 32) | ua;  // hi:lo for funnel shifts
  std::uint32_t perm = 0;
  const std::uint64_t bytes = (static_cast<std::uint64_t>(ub) << 32) | ua;
  for (int i = 0; i < 4; ++i) perm |= static_cast<std::uint32_t>((bytes >> (8 * ((uc >> (4 * i)) & 7))) & 0xff) << (8 * i);
  const unsigned clamp = std::min(uc % 40, 32u);
  const __int128 signed_product = static_cast<__int128>(static_cast<std::int64_t>(la)) * static_cast<std::int64_t>(lb);
  return {
      ref_popcount(ua),
      ref_popcount(la),
      ref_clz(ua, 32),
      ref_clz(la, 64),
      ref_ffs(ua, 32),
      ref_ffs(la, 64),
      ref_reverse(ua, 32),
      ref_reverse(la, 64),
      perm,
      static_cast<std::uint32_t>((wide << (uc & 31)) >> 32),
      static_cast<std::uint32_t>((wide << clamp) >> 32),
      static_cast<std::uint32_t>(wide >> (uc & 31)),
      static_cast<std::uint32_t>(wide >> clamp),
      static_cast<std::uint32_t>(sext24(ua) * sext24(ub)),
      static_cast<std::uint32_t>((ua & 0xffffffull) * (ub & 0xffffffull)),
      static_cast<std::uint32_t>(static_cast<std::uint64_t>(sa * sb) >> 32),
      static_cast<std::uint32_t>((static_cast<std::uint64_t>(ua) * ub) >> 32),
      static_cast<std::uint64_t>(static_cast<unsigned __int128>(signed_product) >> 64),
      static_cast<std::uint64_t>((static_cast<unsigned __int128>(la) * lb) >> 64),
      static_cast<std::uint32_t>(static_cast<std::uint64_t>(std::llabs(sa - sb)) + uc),
      static_cast<std::uint32_t>((ua > ub ? ua - ub : ub - ua) + static_cast<std::uint64_t>(uc)),
      static_cast<std::uint32_t>(static_cast<std::int32_t>((sa + sb) >> 1)),
      static_cast<std::uint32_t>(static_cast<std::int32_t>((sa + sb + 1) >> 1)),
      static_cast<std::uint32_t>((static_cast<std::uint64_t>(ua) + ub) >> 1),
      dot_bytes(ua, ub, uc, true),
      dot_bytes(ua, ub, uc, false),
      ref_fns(ua, uc % 32, static_cast<int>(ub % 9) - 4),
  };
}

}  // namespace

TEST_CASE("integer intrinsics match a plain C++ reference on random inputs", "[device_api]") {
  std::mt19937 rng(2026);
  std::vector<std::uint32_t> a(500), b(500), c(500);
  for (std::size_t i = 0; i < a.size(); ++i) {
    // Mix full-width values with small and sparse ones so the zero and edge cases come up.
    a[i] = i % 7 == 0 ? 0u : (i % 5 == 0 ? 1u << (rng() % 32) : static_cast<std::uint32_t>(rng()));
    b[i] = i % 11 == 0 ? 0xffffffffu : static_cast<std::uint32_t>(rng()) >> (rng() % 32);
    c[i] = static_cast<std::uint32_t>(rng());
  }
  const auto out = integer_intrinsics(a, b, c);
  const auto& names = integer_names();
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto expected = integer_reference(a[i], b[i], c[i]);
    for (std::size_t k = 0; k < names.size(); ++k) {
      INFO(names[k] << "(a=" << a[i] << ", b=" << b[i] << ", c=" << c[i] << ")");
      REQUIRE(out[i * names.size() + k] == expected[k]);
    }
  }
}

namespace {

// The host FPU in the requested mode; volatile keeps each operation between the mode switches.
template <class F>
auto in_mode(int mode, F&& f) {
  const int old = std::fegetround();
  std::fesetround(mode);
  volatile auto result = f();
  std::fesetround(old);
  return result;
}
template <class T>
std::uint64_t bits(T v) {
  std::uint64_t out = 0;
  std::memcpy(&out, &v, sizeof(T));
  return out;
}

std::vector<std::uint64_t> rounding_reference(float x, float y, double dx, double dy, long long ll) {
  volatile float a = x, b = y;
  volatile double da = dx, db = dy;
  volatile long long vl = ll;
  const int rn = FE_TONEAREST, rz = FE_TOWARDZERO, ru = FE_UPWARD, rd = FE_DOWNWARD;
  auto fadd = [&](int m) { return bits(in_mode(m, [&] { return static_cast<float>(a + b); })); };
  auto fmul = [&](int m) { return bits(in_mode(m, [&] { return static_cast<float>(a * b); })); };
  auto fdiv = [&](int m) { return bits(in_mode(m, [&] { return static_cast<float>(a / b); })); };
  const float square = a * a + 1;
  volatile float vs = square;
  auto fsqrt = [&](int m) { return bits(in_mode(m, [&] { return std::sqrt(static_cast<float>(vs)); })); };
  // nearbyint is a const function to the compiler: reading its operand from a volatile keeps the
  // call after the mode switch.
  auto f2i = [&](int m, float v) {
    volatile float vv = v;
    return bits(in_mode(m, [&] { return static_cast<int>(std::nearbyint(static_cast<float>(vv))); }));
  };
  auto ll2f = [&](int m) { return bits(in_mode(m, [&] { return static_cast<float>(vl); })); };
  auto d2f = [&](int m) { return bits(in_mode(m, [&] { return static_cast<float>(da); })); };
  const float a1000 = a * 1000;
  volatile float b1000 = b * 1000, a1e12 = a * 1e12f;
  volatile double da1000 = da * 1000, da1e15 = da * 1e15;
  return {
      fadd(rn), fadd(rz), fadd(ru), fadd(rd), fmul(rz), fmul(ru), fmul(rd), fdiv(rz), fdiv(ru), fdiv(rd),
      fsqrt(rz), fsqrt(ru),
      bits(in_mode(rz, [&] { return std::fma(static_cast<float>(a), static_cast<float>(b), 1.0f); })),
      bits(in_mode(ru, [&] { return std::fma(static_cast<float>(a), static_cast<float>(b), -1.0f); })),
      bits(in_mode(rz, [&] { return static_cast<double>(da + db); })),
      bits(in_mode(ru, [&] { return static_cast<double>(da + db); })),
      bits(in_mode(rd, [&] { return static_cast<double>(da + db); })),
      bits(in_mode(ru, [&] { return static_cast<double>(da * db); })),
      bits(in_mode(rd, [&] { return static_cast<double>(da / db); })),
      bits(in_mode(rz, [&] { return std::fma(static_cast<double>(da), static_cast<double>(db), 1.0); })),
      f2i(rn, a1000), f2i(rz, a1000), f2i(ru, a1000), f2i(rd, a1000),
      bits(in_mode(rn, [&] { return static_cast<unsigned>(std::nearbyint(std::fmax(static_cast<float>(b1000), 0.0f))); })),
      bits(in_mode(rd, [&] { return static_cast<long long>(std::nearbyint(static_cast<float>(a1e12))); })),
      bits(in_mode(rn, [&] { return static_cast<int>(std::nearbyint(static_cast<double>(da1000))); })),
      bits(in_mode(ru, [&] { return static_cast<long long>(std::nearbyint(static_cast<double>(da1e15))); })),
      ll2f(rn), ll2f(rz), ll2f(ru), ll2f(rd), d2f(rz), d2f(ru),
      bits(in_mode(rz, [&] { return static_cast<float>(static_cast<int>(vl >> 20)); })),
      bits(in_mode(rd, [&] { return static_cast<double>(static_cast<unsigned long long>(vl) * 3); })),
  };
}

}  // namespace

TEST_CASE("rounding-mode arithmetic and conversions round as IEEE 754 directs", "[device_api]") {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<float> x, y;
  std::vector<double> dx, dy;
  std::vector<long long> ll;
  for (int i = 0; i < 400; ++i) {
    x.push_back(static_cast<float>(std::ldexp(unit(rng), static_cast<int>(rng() % 20) - 10)));
    y.push_back(static_cast<float>(std::ldexp(0.5 + std::fabs(unit(rng)), static_cast<int>(rng() % 12) - 4)));
    dx.push_back(std::ldexp(unit(rng), static_cast<int>(rng() % 6) - 3));
    dy.push_back(std::ldexp(0.5 + std::fabs(unit(rng)), static_cast<int>(rng() % 12) - 4) * (i % 2 ? 1 : -1));
    const long long magnitude = static_cast<long long>(rng() >> (1 + rng() % 40));
    ll.push_back(i % 3 ? magnitude : -magnitude);
  }
  x.push_back(1.0f);  // exact cases: no rounding in any mode
  y.push_back(2.0f);
  dx.push_back(0.5);
  dy.push_back(0.25);
  ll.push_back(1 << 20);
  const auto out = rounding_intrinsics(x, y, dx, dy, ll);
  const auto& names = rounding_names();
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto expected = rounding_reference(x[i], y[i], dx[i], dy[i], ll[i]);
    for (std::size_t k = 0; k < names.size(); ++k) {
      INFO(names[k] << " with x=" << x[i] << " y=" << y[i] << " dx=" << dx[i] << " dy=" << dy[i] << " ll=" << ll[i]);
      REQUIRE(out[i * names.size() + k] == expected[k]);
    }
  }
}

TEST_CASE("make_* build vector types field by field, and dim3 defaults missing extents to 1", "[device_api]") {
  const auto v = vector_makers();
  const std::vector<double> expected = {1, 2.5, -3, 4, -7, 8, 1, 2, 3, 255, 0.25, -0.5, -9, 1099511627776.0, 5, 6, 1};
  REQUIRE(v == expected);
  STATIC_REQUIRE(alignof(float4) == 16);
  STATIC_REQUIRE(alignof(double2) == 16);
  STATIC_REQUIRE(alignof(int2) == 8);
  STATIC_REQUIRE(alignof(uchar4) == 4);
  STATIC_REQUIRE(sizeof(float3) == 12);
}

TEST_CASE("__match_*_sync, __reduce_*_sync and __uni_sync combine a warp's values", "[device_api]") {
  const auto out = warp_match_reduce();
  for (unsigned t = 0; t < 64; ++t) {
    const unsigned base = t - t % 32;
    unsigned same = 0, sum = 0, xr = 0;
    int lo = INT_MAX, hi = INT_MIN;
    for (unsigned l = 0; l < 32; ++l) {
      if ((base + l) % 5 == t % 5) same |= 1u << l;
      sum += base + l;
      xr ^= base + l;
      lo = std::min(lo, static_cast<int>((base + l) % 7) - 3);
      hi = std::max(hi, static_cast<int>((base + l) % 7) - 3);
    }
    const std::uint32_t* o = out.data() + t * 12;
    INFO("thread " << t);
    CHECK(o[0] == same);
    CHECK(o[1] == 0xffffffffu);
    CHECK(o[2] == 1u);
    CHECK(o[3] == 0u);
    CHECK(o[4] == 0u);
    CHECK(o[5] == sum);
    CHECK(static_cast<int>(o[6]) == lo);
    CHECK(static_cast<int>(o[7]) == hi);
    CHECK(o[8] == 1u);
    CHECK(o[9] == 0xffffffffu);
    CHECK(o[10] == xr);
    CHECK(o[11] == 1u);
  }
}

namespace {

// Lanes of a word as plain arrays: 16-bit halves or bytes, signed or not.
template <class Lane>
std::vector<long long> split(std::uint32_t w) {
  std::vector<long long> out;
  for (unsigned i = 0; i < 4 / sizeof(Lane); ++i) {
    Lane v;
    const auto part = static_cast<std::uint32_t>(w >> (8 * sizeof(Lane) * i));
    std::memcpy(&v, &part, sizeof(Lane));  // little-endian: the low bytes of part
    out.push_back(static_cast<long long>(v));
  }
  return out;
}
template <class Lane>
std::uint32_t join(const std::vector<long long>& lanes) {
  std::uint32_t w = 0;
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    const auto bits = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<Lane>>(static_cast<Lane>(lanes[i])));
    w |= bits << (8 * sizeof(Lane) * i);
  }
  return w;
}
template <class Lane, class F>
std::uint32_t per_lane(std::uint32_t a, std::uint32_t b, F f) {
  const auto x = split<Lane>(a), y = split<Lane>(b);
  std::vector<long long> r;
  for (std::size_t i = 0; i < x.size(); ++i) r.push_back(f(x[i], y[i]));
  return join<Lane>(r);
}
long long clampll(long long v, long long lo, long long hi) { return std::min(std::max(v, lo), hi); }

std::vector<std::uint32_t> simd_reference(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  using s8 = std::int8_t;
  using u8 = std::uint8_t;
  using s16 = std::int16_t;
  using u16 = std::uint16_t;
  std::uint32_t sad = 0;
  for (std::size_t i = 0; i < 4; ++i) sad += static_cast<std::uint32_t>(std::llabs(split<u8>(a)[i] - split<u8>(b)[i]));
  const auto sums = split<s16>(per_lane<u16>(a, b, [](long long x, long long y) { return x + y; }));
  const auto cs = split<s16>(c);
  const std::uint32_t addmax = join<s16>({std::max(sums[0], cs[0]), std::max(sums[1], cs[1])});
  const int sa = static_cast<int>(a), sb = static_cast<int>(b);
  return {
      per_lane<u16>(a, b, [](long long x, long long y) { return x + y; }),
      per_lane<s8>(a, b, [](long long x, long long y) { return clampll(x + y, -128, 127); }),
      per_lane<u16>(a, b, [](long long x, long long y) { return clampll(x - y, 0, 65535); }),
      per_lane<s8>(a, b, [](long long x, long long y) { return std::llabs(x - y); }),
      per_lane<u8>(a, b, [](long long x, long long y) { return x > y ? 0xff : 0; }),
      per_lane<s16>(a, b, [](long long x, long long y) { return x >= y ? 1 : 0; }),
      per_lane<s8>(a, b, [](long long x, long long y) { return std::max(x, y); }),
      per_lane<u16>(a, b, [](long long x, long long y) { return std::min(x, y); }),
      sad,
      per_lane<s16>(a, 0, [](long long x, long long) { return -x; }),
      per_lane<u8>(a, b, [](long long x, long long y) { return (x + y + 1) / 2; }),
      per_lane<u16>(a, b, [](long long x, long long y) { return (x + y) / 2; }),
      // Signed rounded average: halves round away from zero.
      per_lane<s16>(a, b, [](long long x, long long y) { return (x + y) >= 0 ? (x + y + 1) / 2 : -((-(x + y) + 1) / 2); }),
      addmax,
      std::max({a, b, c}),
      static_cast<std::uint32_t>(std::min(sa, sb)),
      sa <= sb ? 1u : 0u,
  };
}

}  // namespace

TEST_CASE("SIMD video intrinsics work lane by lane", "[device_api]") {
  std::mt19937 rng(99);
  std::vector<std::uint32_t> a(300), b(300), c(300);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::uint32_t>(rng());
    b[i] = i % 4 == 0 ? a[i] : static_cast<std::uint32_t>(rng());  // equal lanes too
    c[i] = static_cast<std::uint32_t>(rng());
  }
  const auto out = simd_intrinsics(a, b, c);
  const auto& names = simd_names();
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto expected = simd_reference(a[i], b[i], c[i]);
    for (std::size_t k = 0; k < names.size(); ++k) {
      INFO(names[k] << "(0x" << std::hex << a[i] << ", 0x" << b[i] << ", 0x" << c[i] << ")");
      REQUIRE(out[i * names.size() + k] == expected[k]);
    }
  }
}
