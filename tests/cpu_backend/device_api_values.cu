// Kernels calling the CUDA device API as nvcc accepts it (int literals into unsigned atomics,
// mixed types into min/max, every rounding-mode intrinsic). Built unchanged with nvcc and with the
// CPU backend; test_device_api.cpp checks both against plain C++.
#include "device_api_values.h"
#include "cuda_check.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace device_api {
namespace {

template <class T>
T* to_device(const std::vector<T>& host) {
  T* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, host.size() * sizeof(T) + 1));
  CUDA_CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T>
std::vector<T> to_host(const T* d, std::size_t n) {
  std::vector<T> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(const_cast<T*>(d)));
  return host;
}

__global__ void apply_atomics(atomic_results* r) {
  const unsigned t = threadIdx.x;
  atomicAdd(&r->add_unsigned, 1);
  atomicInc(&r->inc_wraps, 9);
  atomicDec(&r->dec_wraps, 9);
  atomicMax(&r->max_unsigned, t);
  atomicCAS(&r->cas_unsigned, 0, 7);
  atomicAdd(&r->add_ull, 2);
  atomicOr(&r->or_ull, 1ull << (t % 64));
  atomicMax(&r->max_ull, static_cast<unsigned long long>(t) << 33);
  atomicMin(&r->min_ll, -static_cast<long long>(t));
  atomicSub(&r->sub_int, 1);
  atomicExch(&r->exch_int, 5);
  atomicAnd(&r->and_int, ~(1 << (t % 31)));
  atomicXor(&r->xor_int, 1);
  atomicAdd(&r->add_float, 1);
  atomicAdd(&r->add_double, 0.5f);
  atomicCAS(&r->cas_ushort, 0, 1);
}

__global__ void integer_kernel(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                               std::uint64_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned ua = a[i], ub = b[i], uc = c[i];
  const int sa = static_cast<int>(ua), sb = static_cast<int>(ub);
  const unsigned long long la = (static_cast<unsigned long long>(ua) << 32) | ub;
  const unsigned long long lb = (static_cast<unsigned long long>(ub) << 32) | uc;
  std::uint64_t* o = out + static_cast<std::size_t>(i) * 27;
  o[0] = __popc(ua);
  o[1] = __popcll(la);
  o[2] = __clz(sa);
  o[3] = __clzll(static_cast<long long>(la));
  o[4] = __ffs(sa);
  o[5] = __ffsll(static_cast<long long>(la));
  o[6] = __brev(ua);
  o[7] = __brevll(la);
  o[8] = __byte_perm(ua, ub, uc);
  o[9] = __funnelshift_l(ua, ub, uc);
  o[10] = __funnelshift_lc(ua, ub, uc % 40);
  o[11] = __funnelshift_r(ua, ub, uc);
  o[12] = __funnelshift_rc(ua, ub, uc % 40);
  o[13] = static_cast<unsigned>(__mul24(sa, sb));
  o[14] = __umul24(ua, ub);
  o[15] = static_cast<unsigned>(__mulhi(sa, sb));
  o[16] = __umulhi(ua, ub);
  o[17] = static_cast<unsigned long long>(__mul64hi(static_cast<long long>(la), static_cast<long long>(lb)));
  o[18] = __umul64hi(la, lb);
  o[19] = __sad(sa, sb, uc);
  o[20] = __usad(ua, ub, uc);
  o[21] = static_cast<unsigned>(__hadd(sa, sb));
  o[22] = static_cast<unsigned>(__rhadd(sa, sb));
  o[23] = __uhadd(ua, ub);
  o[24] = static_cast<unsigned>(__dp4a(sa, sb, static_cast<int>(uc)));
  o[25] = __dp4a(ua, ub, uc);
  o[26] = __fns(ua, uc % 32, static_cast<int>(ub % 9) - 4);
}

template <class T>
__device__ std::uint64_t bits_of(T v) {
  std::uint64_t out = 0;
  memcpy(&out, &v, sizeof(T));
  return out;
}

__global__ void rounding_kernel(const float* x, const float* y, const double* dx, const double* dy,
                                const long long* ll, std::uint64_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = x[i], b = y[i];
  const double da = dx[i], db = dy[i];
  std::uint64_t* o = out + static_cast<std::size_t>(i) * 36;
  int k = 0;
  o[k++] = bits_of(__fadd_rn(a, b)); o[k++] = bits_of(__fadd_rz(a, b));
  o[k++] = bits_of(__fadd_ru(a, b)); o[k++] = bits_of(__fadd_rd(a, b));
  o[k++] = bits_of(__fmul_rz(a, b)); o[k++] = bits_of(__fmul_ru(a, b)); o[k++] = bits_of(__fmul_rd(a, b));
  o[k++] = bits_of(__fdiv_rz(a, b)); o[k++] = bits_of(__fdiv_ru(a, b)); o[k++] = bits_of(__fdiv_rd(a, b));
  // __fadd_rn/__fmul_rn: nvcc would contract a * a + 1 into one fma, which the host reference does not.
  const float square = __fadd_rn(__fmul_rn(a, a), 1.0f);
  o[k++] = bits_of(__fsqrt_rz(square)); o[k++] = bits_of(__fsqrt_ru(square));
  o[k++] = bits_of(__fmaf_rz(a, b, 1.0f)); o[k++] = bits_of(__fmaf_ru(a, b, -1.0f));
  o[k++] = bits_of(__dadd_rz(da, db)); o[k++] = bits_of(__dadd_ru(da, db)); o[k++] = bits_of(__dadd_rd(da, db));
  o[k++] = bits_of(__dmul_ru(da, db)); o[k++] = bits_of(__ddiv_rd(da, db)); o[k++] = bits_of(__fma_rz(da, db, 1.0));
  o[k++] = bits_of(__float2int_rn(a * 1000)); o[k++] = bits_of(__float2int_rz(a * 1000));
  o[k++] = bits_of(__float2int_ru(a * 1000)); o[k++] = bits_of(__float2int_rd(a * 1000));
  o[k++] = bits_of(__float2uint_rn(b * 1000)); o[k++] = bits_of(__float2ll_rd(a * 1e12f));
  o[k++] = bits_of(__double2int_rn(da * 1000)); o[k++] = bits_of(__double2ll_ru(da * 1e15));
  o[k++] = bits_of(__ll2float_rn(ll[i])); o[k++] = bits_of(__ll2float_rz(ll[i]));
  o[k++] = bits_of(__ll2float_ru(ll[i])); o[k++] = bits_of(__ll2float_rd(ll[i]));
  o[k++] = bits_of(__double2float_rz(da)); o[k++] = bits_of(__double2float_ru(da));
  o[k++] = bits_of(__int2float_rz(static_cast<int>(ll[i] >> 20))); o[k++] = bits_of(__ull2double_rd(static_cast<unsigned long long>(ll[i]) * 3));
}

__global__ void make_vectors(double* out) {
  const float4 f = make_float4(1, 2.5f, -3, 4);
  const int2 i = make_int2(-7, 8);
  const uchar4 u = make_uchar4(1, 2, 3, 255);
  const double2 d = make_double2(0.25, -0.5);
  const longlong2 l = make_longlong2(-9, 1ll << 40);
  const dim3 g(5, 6);
  const double values[] = {f.x, f.y, f.z, f.w, double(i.x), double(i.y), double(u.x), double(u.y), double(u.z),
                           double(u.w), d.x, d.y, double(l.x), double(l.y), double(g.x), double(g.y), double(g.z)};
  for (int k = 0; k < 17; ++k) out[k] = values[k];
}

__global__ void match_reduce(std::uint32_t* out) {
  const unsigned t = threadIdx.x, full = 0xffffffffu;
  std::uint32_t* o = out + t * 12;
  int pred = -1;
  o[0] = __match_any_sync(full, static_cast<int>(t % 5));
  o[1] = __match_all_sync(full, 42u, &pred);
  o[2] = static_cast<std::uint32_t>(pred);
  o[3] = __match_all_sync(full, static_cast<double>(t), &pred);
  o[4] = static_cast<std::uint32_t>(pred);
  o[5] = __reduce_add_sync(full, t);
  o[6] = static_cast<std::uint32_t>(__reduce_min_sync(full, static_cast<int>(t % 7) - 3));
  o[7] = static_cast<std::uint32_t>(__reduce_max_sync(full, static_cast<int>(t % 7) - 3));
  o[8] = __reduce_and_sync(full, ~(1u << (t % 32)) | 1u);
  o[9] = __reduce_or_sync(full, 1u << (t % 32));
  o[10] = __reduce_xor_sync(full, t);
  o[11] = static_cast<std::uint32_t>(__uni_sync(full, t < 32));
}

__global__ void simd_kernel(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                            std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned x = a[i], y = b[i], z = c[i];
  std::uint32_t* o = out + static_cast<std::size_t>(i) * 17;
  bool pred = false;
  o[0] = __vadd2(x, y);
  o[1] = __vaddss4(x, y);
  o[2] = __vsubus2(x, y);
  o[3] = __vabsdiffs4(x, y);
  o[4] = __vcmpgtu4(x, y);
  o[5] = __vsetges2(x, y);
  o[6] = __vmaxs4(x, y);
  o[7] = __vminu2(x, y);
  o[8] = __vsadu4(x, y);
  o[9] = __vneg2(x);
  o[10] = __vavgu4(x, y);
  o[11] = __vhaddu2(x, y);
  o[12] = __vavgs2(x, y);
  o[13] = __viaddmax_s16x2(x, y, z);
  o[14] = __vimax3_u32(x, y, z);
  o[15] = static_cast<std::uint32_t>(__vibmin_s32(static_cast<int>(x), static_cast<int>(y), &pred));
  o[16] = pred;
}

}  // namespace

const std::vector<const char*>& simd_names() {
  static const std::vector<const char*> names = {
      "__vadd2", "__vaddss4", "__vsubus2", "__vabsdiffs4", "__vcmpgtu4", "__vsetges2", "__vmaxs4", "__vminu2",
      "__vsadu4", "__vneg2", "__vavgu4", "__vhaddu2", "__vavgs2", "__viaddmax_s16x2", "__vimax3_u32",
      "__vibmin_s32", "__vibmin_s32 pred"};
  return names;
}

std::vector<std::uint32_t> simd_intrinsics(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                           const std::vector<std::uint32_t>& c) {
  const unsigned n = static_cast<unsigned>(a.size());
  auto *da = to_device(a), *db = to_device(b), *dc = to_device(c);
  std::uint32_t* out = to_device(std::vector<std::uint32_t>(n * simd_names().size()));
  simd_kernel<<<(n + 63) / 64, 64>>>(da, db, dc, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return to_host(out, n * simd_names().size());
}

atomic_results atomics_with_literals(unsigned threads) {
  atomic_results start{};
  start.dec_wraps = 3;
  start.max_unsigned = 0;
  start.min_ll = 0;
  start.and_int = -1;
  atomic_results* d = to_device(std::vector<atomic_results>{start});
  apply_atomics<<<1, threads>>>(d);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(d, 1)[0];
}

const std::vector<const char*>& integer_names() {
  static const std::vector<const char*> names = {
      "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll", "__byte_perm",
      "__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc", "__mul24", "__umul24",
      "__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__sad", "__usad", "__hadd", "__rhadd", "__uhadd",
      "__dp4a(int)", "__dp4a(unsigned)", "__fns"};
  return names;
}

std::vector<std::uint64_t> integer_intrinsics(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                              const std::vector<std::uint32_t>& c) {
  const unsigned n = static_cast<unsigned>(a.size());
  auto *da = to_device(a), *db = to_device(b), *dc = to_device(c);
  std::uint64_t* out = to_device(std::vector<std::uint64_t>(n * integer_names().size()));
  integer_kernel<<<(n + 63) / 64, 64>>>(da, db, dc, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return to_host(out, n * integer_names().size());
}

const std::vector<const char*>& rounding_names() {
  static const std::vector<const char*> names = {
      "__fadd_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fdiv_rz",
      "__fdiv_ru", "__fdiv_rd", "__fsqrt_rz", "__fsqrt_ru", "__fmaf_rz", "__fmaf_ru", "__dadd_rz", "__dadd_ru",
      "__dadd_rd", "__dmul_ru", "__ddiv_rd", "__fma_rz", "__float2int_rn", "__float2int_rz", "__float2int_ru",
      "__float2int_rd", "__float2uint_rn", "__float2ll_rd", "__double2int_rn", "__double2ll_ru", "__ll2float_rn",
      "__ll2float_rz", "__ll2float_ru", "__ll2float_rd", "__double2float_rz", "__double2float_ru",
      "__int2float_rz", "__ull2double_rd"};
  return names;
}

std::vector<std::uint64_t> rounding_intrinsics(const std::vector<float>& x, const std::vector<float>& y,
                                               const std::vector<double>& dx, const std::vector<double>& dy,
                                               const std::vector<long long>& ll) {
  const unsigned n = static_cast<unsigned>(x.size());
  auto *px = to_device(x), *py = to_device(y);
  auto *pdx = to_device(dx), *pdy = to_device(dy);
  auto* pll = to_device(ll);
  std::uint64_t* out = to_device(std::vector<std::uint64_t>(n * rounding_names().size()));
  rounding_kernel<<<(n + 63) / 64, 64>>>(px, py, pdx, pdy, pll, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(px));
  CUDA_CHECK(cudaFree(py));
  CUDA_CHECK(cudaFree(pdx));
  CUDA_CHECK(cudaFree(pdy));
  CUDA_CHECK(cudaFree(pll));
  return to_host(out, n * rounding_names().size());
}

std::vector<double> vector_makers() {
  double* out = to_device(std::vector<double>(17));
  make_vectors<<<1, 1>>>(out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(out, 17);
}

std::vector<std::uint32_t> warp_match_reduce() {
  std::uint32_t* out = to_device(std::vector<std::uint32_t>(64 * 12));
  match_reduce<<<1, 64>>>(out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  return to_host(out, 64 * 12);
}

}  // namespace device_api
