// CUDA's half-precision and bfloat16 types and functions (cuda_fp16.h, cuda_bf16.h) over the
// exact formats of small_floats.h. One macro writes each type's class, operators and functions,
// so that __half and __nv_bfloat16 cannot drift apart: CUDA names most operations the same for
// both (__hadd, __hmul2, hsqrt, ...), and the pair types (__half2, __nv_bfloat162) follow.
#pragma once

#include <cmath>
#include <cstdint>

#include "scanlab/cpu/prelude.h"
#include "scanlab/cpu/small_floats.h"

// The raw bit patterns, as CUDA declares them.
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

namespace scanlab::cpu::detail {
using mode = round_mode;
constexpr mode rn = mode::nearest_even, rz = mode::toward_zero, rd = mode::down, ru = mode::up;
// An integer conversion of a half value: rounded in `m`, then clamped as the GPU's cvt saturates
// (NaN to 0).
template <class I>
I to_integer(double x, mode m) {
  if (std::isnan(x)) return 0;
  double r = m == rn ? std::nearbyint(x) : m == rz ? std::trunc(x) : m == rd ? std::floor(x) : std::ceil(x);
  if (m == rn && std::fabs(x - std::trunc(x)) == 0.5) r = 2 * std::round(x / 2);  // ties to even
  if (r <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (r >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(r);
}
}  // namespace scanlab::cpu::detail

#define SCANLAB_SMALL_FLOAT(T, RAW, FMT)                                                                       \
  struct T {                                                                                                  \
    unsigned short __x;                                                                                       \
    T() = default;                                                                                            \
    constexpr T(const RAW& r) : __x(r.x) {}                                                                   \
    T(float f) : __x(::scanlab::cpu::detail::FMT::encode(f)) {}                                               \
    T(double d) : __x(::scanlab::cpu::detail::FMT::from_double(d)) {}  /* once, from the exact double */  \
    T(int i) : __x(::scanlab::cpu::detail::FMT::encode(i)) {}                                                 \
    T(unsigned i) : __x(::scanlab::cpu::detail::FMT::encode(i)) {}                                            \
    T(short i) : __x(::scanlab::cpu::detail::FMT::encode(i)) {}                                               \
    T(unsigned short i) : __x(::scanlab::cpu::detail::FMT::encode(i)) {}                                      \
    T(long long i) : __x(::scanlab::cpu::detail::FMT::encode(static_cast<double>(i))) {}                      \
    T(unsigned long long i) : __x(::scanlab::cpu::detail::FMT::encode(static_cast<double>(i))) {}             \
    T& operator=(const RAW& r) { __x = r.x; return *this; }                                                    \
    operator RAW() const { return RAW{__x}; }                                                                 \
    operator float() const { return ::scanlab::cpu::detail::FMT::to_float(__x); }                            \
    explicit operator bool() const { return (__x & 0x7fff) != 0; }                                            \
  };                                                                                                          \
  inline T scanlab_from_bits(T, unsigned short b) { return T(RAW{b}); }                                       \
  inline T scanlab_round(T, double x, ::scanlab::cpu::detail::mode m = ::scanlab::cpu::detail::rn) {           \
    return T(RAW{::scanlab::cpu::detail::FMT::encode(x, m)}); }                                               \
  /* arithmetic: float, then one rounding (small_floats.h says why that is exact) */                          \
  inline T __hadd(T a, T b) { return T(float(a) + float(b)); }                                                \
  inline T __hsub(T a, T b) { return T(float(a) - float(b)); }                                                \
  inline T __hmul(T a, T b) { return T(float(a) * float(b)); }                                                \
  inline T __hdiv(T a, T b) { return T(float(a) / float(b)); }                                                \
  inline T __hadd_rn(T a, T b) { return __hadd(a, b); }                                                       \
  inline T __hsub_rn(T a, T b) { return __hsub(a, b); }                                                       \
  inline T __hmul_rn(T a, T b) { return __hmul(a, b); }                                                       \
  inline T __hfma(T a, T b, T c) {                                                                            \
    return T(RAW{::scanlab::cpu::detail::FMT::fused_multiply_add(float(a), float(b), float(c))}); }            \
  inline T __hneg(T a) { return T(RAW{static_cast<unsigned short>(a.__x ^ 0x8000)}); }                        \
  inline T __habs(T a) { return T(RAW{static_cast<unsigned short>(a.__x & 0x7fff)}); }                        \
  inline T scanlab_saturate(T a) { float f = float(a); return std::isnan(f) ? T(0.0f) : T(f < 0 ? 0.0f : f > 1 ? 1.0f : f); } \
  inline T __hadd_sat(T a, T b) { return scanlab_saturate(__hadd(a, b)); }                                    \
  inline T __hsub_sat(T a, T b) { return scanlab_saturate(__hsub(a, b)); }                                    \
  inline T __hmul_sat(T a, T b) { return scanlab_saturate(__hmul(a, b)); }                                    \
  inline T __hfma_sat(T a, T b, T c) { return scanlab_saturate(__hfma(a, b, c)); }                             \
  inline T __hfma_relu(T a, T b, T c) { T r = __hfma(a, b, c); return float(r) < 0 ? T(0.0f) : r; }          \
  /* comparisons: ordered (false with a NaN) and unordered (true with one) */                                 \
  inline bool __heq(T a, T b) { return float(a) == float(b); }                                                \
  inline bool __hne(T a, T b) { return float(a) < float(b) || float(a) > float(b); }                          \
  inline bool __hlt(T a, T b) { return float(a) < float(b); }                                                 \
  inline bool __hle(T a, T b) { return float(a) <= float(b); }                                                \
  inline bool __hgt(T a, T b) { return float(a) > float(b); }                                                 \
  inline bool __hge(T a, T b) { return float(a) >= float(b); }                                                \
  inline bool __hequ(T a, T b) { return !(float(a) < float(b) || float(a) > float(b)); }                      \
  inline bool __hneu(T a, T b) { return !(float(a) == float(b)); }                                            \
  inline bool __hltu(T a, T b) { return !(float(a) >= float(b)); }                                            \
  inline bool __hleu(T a, T b) { return !(float(a) > float(b)); }                                             \
  inline bool __hgtu(T a, T b) { return !(float(a) <= float(b)); }                                            \
  inline bool __hgeu(T a, T b) { return !(float(a) < float(b)); }                                             \
  inline bool __hisnan(T a) { return std::isnan(float(a)); }                                                  \
  inline int __hisinf(T a) { float f = float(a); return std::isinf(f) ? (f < 0 ? -1 : 1) : 0; }               \
  /* max and min: a NaN loses to a number (IEEE maxNum), __hmax_nan lets it win */                            \
  inline T __hmax(T a, T b) { return __hisnan(a) ? b : __hisnan(b) ? a : float(a) < float(b) ? b : a; }     \
  inline T __hmin(T a, T b) { return __hisnan(a) ? b : __hisnan(b) ? a : float(b) < float(a) ? b : a; }     \
  inline T __hmax_nan(T a, T b) { return __hisnan(a) || __hisnan(b) ? scanlab_from_bits(a, 0x7fff) : __hmax(a, b); } \
  inline T __hmin_nan(T a, T b) { return __hisnan(a) || __hisnan(b) ? scanlab_from_bits(a, 0x7fff) : __hmin(a, b); } \
  /* functions: the float result, rounded once */                                                            \
  inline T hsqrt(T a) { return T(std::sqrt(float(a))); }                                                      \
  inline T hrsqrt(T a) { return T(1.0f / std::sqrt(float(a))); }                                             \
  inline T hrcp(T a) { return T(1.0f / float(a)); }                                                           \
  inline T hexp(T a) { return T(std::exp(float(a))); }                                                        \
  inline T hexp2(T a) { return T(std::exp2(float(a))); }                                                      \
  inline T hexp10(T a) { return T(std::pow(10.0f, float(a))); }                                               \
  inline T hlog(T a) { return T(std::log(float(a))); }                                                        \
  inline T hlog2(T a) { return T(std::log2(float(a))); }                                                      \
  inline T hlog10(T a) { return T(std::log10(float(a))); }                                                    \
  inline T hsin(T a) { return T(std::sin(float(a))); }                                                        \
  inline T hcos(T a) { return T(std::cos(float(a))); }                                                        \
  inline T htanh(T a) { return T(std::tanh(float(a))); }                                                      \
  inline T hceil(T a) { return T(std::ceil(float(a))); }                                                      \
  inline T hfloor(T a) { return T(std::floor(float(a))); }                                                    \
  inline T htrunc(T a) { return T(std::trunc(float(a))); }                                                    \
  inline T hrint(T a) { return T(std::nearbyint(float(a))); }                                                 \
  /* operators */                                                                                             \
  inline T operator+(const T& a, const T& b) { return __hadd(a, b); }                                        \
  inline T operator-(const T& a, const T& b) { return __hsub(a, b); }                                        \
  inline T operator*(const T& a, const T& b) { return __hmul(a, b); }                                        \
  inline T operator/(const T& a, const T& b) { return __hdiv(a, b); }                                        \
  inline T& operator+=(T& a, const T& b) { return a = __hadd(a, b); }                                        \
  inline T& operator-=(T& a, const T& b) { return a = __hsub(a, b); }                                        \
  inline T& operator*=(T& a, const T& b) { return a = __hmul(a, b); }                                        \
  inline T& operator/=(T& a, const T& b) { return a = __hdiv(a, b); }                                        \
  inline T operator+(const T& a) { return a; }                                                               \
  inline T operator-(const T& a) { return __hneg(a); }                                                       \
  inline T& operator++(T& a) { return a = __hadd(a, T(1.0f)); }                                              \
  inline T& operator--(T& a) { return a = __hsub(a, T(1.0f)); }                                              \
  inline T operator++(T& a, int) { T old = a; ++a; return old; }                                             \
  inline T operator--(T& a, int) { T old = a; --a; return old; }                                             \
  inline bool operator==(const T& a, const T& b) { return __heq(a, b); }                                     \
  inline bool operator!=(const T& a, const T& b) { return __hneu(a, b); }                                    \
  inline bool operator<(const T& a, const T& b) { return __hlt(a, b); }                                      \
  inline bool operator<=(const T& a, const T& b) { return __hle(a, b); }                                     \
  inline bool operator>(const T& a, const T& b) { return __hgt(a, b); }                                      \
  inline bool operator>=(const T& a, const T& b) { return __hge(a, b); }

// The pair type: two values, each lane of an operation rounded on its own, as the GPU's paired
// instructions do.
#define SCANLAB_SMALL_FLOAT_PAIR(T2, T, RAW2, RAW)                                                             \
  struct T2 {                                                                                                 \
    T x, y;                                                                                                   \
    T2() = default;                                                                                           \
    constexpr T2(T a, T b) : x(a), y(b) {}                                                                   \
    T2(const RAW2& r) : x(RAW{r.x}), y(RAW{r.y}) {}                                                          \
    operator RAW2() const { return RAW2{x.__x, y.__x}; }                                                      \
  };                                                                                                          \
  inline T2 __hadd2(T2 a, T2 b) { return T2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }                           \
  inline T2 __hsub2(T2 a, T2 b) { return T2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }                           \
  inline T2 __hmul2(T2 a, T2 b) { return T2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }                           \
  inline T2 __h2div(T2 a, T2 b) { return T2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }                           \
  inline T2 __hfma2(T2 a, T2 b, T2 c) { return T2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }           \
  inline T2 __hadd2_sat(T2 a, T2 b) { return T2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); }               \
  inline T2 __hmul2_sat(T2 a, T2 b) { return T2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); }               \
  inline T2 __hneg2(T2 a) { return T2(__hneg(a.x), __hneg(a.y)); }                                           \
  inline T2 __habs2(T2 a) { return T2(__habs(a.x), __habs(a.y)); }                                           \
  inline T2 __hmax2(T2 a, T2 b) { return T2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }                           \
  inline T2 __hmin2(T2 a, T2 b) { return T2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }                           \
  inline T2 h2sqrt(T2 a) { return T2(hsqrt(a.x), hsqrt(a.y)); }                                              \
  inline T2 h2exp(T2 a) { return T2(hexp(a.x), hexp(a.y)); }                                                 \
  inline T2 h2log(T2 a) { return T2(hlog(a.x), hlog(a.y)); }                                                 \
  inline T2 h2rcp(T2 a) { return T2(hrcp(a.x), hrcp(a.y)); }                                                 \
  inline T2 h2floor(T2 a) { return T2(hfloor(a.x), hfloor(a.y)); }                                           \
  inline T2 h2ceil(T2 a) { return T2(hceil(a.x), hceil(a.y)); }                                              \
  inline bool __hbeq2(T2 a, T2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }                             \
  inline bool __hblt2(T2 a, T2 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }                             \
  inline bool __hbgt2(T2 a, T2 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }                             \
  inline T2 __heq2(T2 a, T2 b) { return T2(T(__heq(a.x, b.x) ? 1.0f : 0.0f), T(__heq(a.y, b.y) ? 1.0f : 0.0f)); } \
  inline T2 __hlt2(T2 a, T2 b) { return T2(T(__hlt(a.x, b.x) ? 1.0f : 0.0f), T(__hlt(a.y, b.y) ? 1.0f : 0.0f)); } \
  inline T2 __hgt2(T2 a, T2 b) { return T2(T(__hgt(a.x, b.x) ? 1.0f : 0.0f), T(__hgt(a.y, b.y) ? 1.0f : 0.0f)); } \
  inline T2 operator+(const T2& a, const T2& b) { return __hadd2(a, b); }                                    \
  inline T2 operator-(const T2& a, const T2& b) { return __hsub2(a, b); }                                    \
  inline T2 operator*(const T2& a, const T2& b) { return __hmul2(a, b); }                                    \
  inline T2 operator/(const T2& a, const T2& b) { return __h2div(a, b); }                                    \
  inline T2& operator+=(T2& a, const T2& b) { return a = __hadd2(a, b); }                                    \
  inline T2& operator-=(T2& a, const T2& b) { return a = __hsub2(a, b); }                                    \
  inline T2& operator*=(T2& a, const T2& b) { return a = __hmul2(a, b); }                                    \
  inline T2& operator/=(T2& a, const T2& b) { return a = __h2div(a, b); }                                    \
  inline T2 operator-(const T2& a) { return __hneg2(a); }                                                    \
  inline bool operator==(const T2& a, const T2& b) { return __hbeq2(a, b); }                                 \
  inline bool operator!=(const T2& a, const T2& b) { return !__hbeq2(a, b); }                                \
  /* warp shuffles and atomics, as the GPU moves and adds them: whole bit patterns */                         \
  inline T __shfl_sync(unsigned m, T v, int l, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_idx, m, v, l, w, f, n); } \
  inline T __shfl_up_sync(unsigned m, T v, unsigned d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_up, m, v, d, w, f, n); } \
  inline T __shfl_down_sync(unsigned m, T v, unsigned d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_down, m, v, d, w, f, n); } \
  inline T __shfl_xor_sync(unsigned m, T v, int d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_xor, m, v, d, w, f, n); } \
  inline T2 __shfl_sync(unsigned m, T2 v, int l, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_idx, m, v, l, w, f, n); } \
  inline T2 __shfl_up_sync(unsigned m, T2 v, unsigned d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_up, m, v, d, w, f, n); } \
  inline T2 __shfl_down_sync(unsigned m, T2 v, unsigned d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_down, m, v, d, w, f, n); } \
  inline T2 __shfl_xor_sync(unsigned m, T2 v, int d, int w = warpSize, const char* f = __builtin_FILE(), int n = __builtin_LINE()) { \
    return ::scanlab::cpu::detail::warp_shuffle(::scanlab::cpu::detail::warp_op::shfl_xor, m, v, d, w, f, n); } \
  inline T atomicAdd(T* address, T value) {                                                                   \
    return ::scanlab::cpu::detail::atomic_update(address, [value](T old) { return __hadd(old, value); }); }     \
  inline T2 atomicAdd(T2* address, T2 value) {                                                                \
    return ::scanlab::cpu::detail::atomic_update(address, [value](T2 old) { return __hadd2(old, value); }); }   \
  inline T atomicMax(T* address, T value) {                                                                   \
    return ::scanlab::cpu::detail::atomic_update(address, [value](T old) { return __hmax(old, value); }); }     \
  inline T atomicMin(T* address, T value) {                                                                   \
    return ::scanlab::cpu::detail::atomic_update(address, [value](T old) { return __hmin(old, value); }); }

// The conversions, named after the type (half: __float2half_rz, __half2int_rn, __halves2half2;
// bfloat16: __float2bfloat16_rz, __bfloat162int_rn, __halves2bfloat162, ...).
#define SCANLAB_SMALL_FLOAT_INT(T, NAME, I, SHORT)                                                             \
  inline T __##SHORT##2##NAME##_rn(I i) { return scanlab_round(T(), static_cast<double>(i), ::scanlab::cpu::detail::rn); } \
  inline T __##SHORT##2##NAME##_rz(I i) { return scanlab_round(T(), static_cast<double>(i), ::scanlab::cpu::detail::rz); } \
  inline T __##SHORT##2##NAME##_rd(I i) { return scanlab_round(T(), static_cast<double>(i), ::scanlab::cpu::detail::rd); } \
  inline T __##SHORT##2##NAME##_ru(I i) { return scanlab_round(T(), static_cast<double>(i), ::scanlab::cpu::detail::ru); } \
  inline I __##NAME##2##SHORT##_rn(T h) { return ::scanlab::cpu::detail::to_integer<I>(float(h), ::scanlab::cpu::detail::rn); } \
  inline I __##NAME##2##SHORT##_rz(T h) { return ::scanlab::cpu::detail::to_integer<I>(float(h), ::scanlab::cpu::detail::rz); } \
  inline I __##NAME##2##SHORT##_rd(T h) { return ::scanlab::cpu::detail::to_integer<I>(float(h), ::scanlab::cpu::detail::rd); } \
  inline I __##NAME##2##SHORT##_ru(T h) { return ::scanlab::cpu::detail::to_integer<I>(float(h), ::scanlab::cpu::detail::ru); }

#define SCANLAB_SMALL_FLOAT_CONVERSIONS(T, T2, NAME, NAME2)                                                     \
  inline T __float2##NAME(float f) { return T(f); }                                                           \
  inline T __float2##NAME##_rn(float f) { return T(f); }                                                      \
  inline T __float2##NAME##_rz(float f) { return scanlab_round(T(), f, ::scanlab::cpu::detail::rz); }          \
  inline T __float2##NAME##_rd(float f) { return scanlab_round(T(), f, ::scanlab::cpu::detail::rd); }          \
  inline T __float2##NAME##_ru(float f) { return scanlab_round(T(), f, ::scanlab::cpu::detail::ru); }          \
  inline T __double2##NAME(double d) { return T(d); }                                                         \
  inline float __##NAME##2float(T h) { return float(h); }                                                     \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, int, int)                                                                  \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, unsigned int, uint)                                                        \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, short, short)                                                              \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, unsigned short, ushort)                                                    \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, long long, ll)                                                             \
  SCANLAB_SMALL_FLOAT_INT(T, NAME, unsigned long long, ull)                                                   \
  inline short __##NAME##_as_short(T h) { return static_cast<short>(h.__x); }                                 \
  inline unsigned short __##NAME##_as_ushort(T h) { return h.__x; }                                           \
  inline T __short_as_##NAME(short s) { return scanlab_from_bits(T(), static_cast<unsigned short>(s)); }      \
  inline T __ushort_as_##NAME(unsigned short s) { return scanlab_from_bits(T(), s); }                         \
  inline T2 __float2##NAME2##_rn(float f) { return T2(T(f), T(f)); }                                          \
  inline T2 __floats2##NAME2##_rn(float a, float b) { return T2(T(a), T(b)); }                                \
  inline T2 __float22##NAME2##_rn(float2 f) { return T2(T(f.x), T(f.y)); }                                    \
  inline float2 __##NAME2##2float2(T2 h) { return make_float2(float(h.x), float(h.y)); }                      \
  inline float __low2float(T2 h) { return float(h.x); }                                                       \
  inline float __high2float(T2 h) { return float(h.y); }                                                      \
  inline T __low2##NAME(T2 h) { return h.x; }                                                                 \
  inline T __high2##NAME(T2 h) { return h.y; }                                                                \
  inline T2 __halves2##NAME2(T a, T b) { return T2(a, b); }                                                   \
  inline T2 __##NAME##2##NAME2(T a) { return T2(a, a); }                                                      \
  inline T2 __lows2##NAME2(T2 a, T2 b) { return T2(a.x, b.x); }                                               \
  inline T2 __highs2##NAME2(T2 a, T2 b) { return T2(a.y, b.y); }                                              \
  inline T2 __low2##NAME2(T2 a) { return T2(a.x, a.x); }                                                      \
  inline T2 __high2##NAME2(T2 a) { return T2(a.y, a.y); }                                                     \
  inline T2 __lowhigh2highlow(T2 a) { return T2(a.y, a.x); }                                                  \
  inline T2 make_##NAME2(T a, T b) { return T2(a, b); }
