// Calls whose meaning depends on CUDA's exact overload sets: int literals into unsigned and 64-bit
// atomics, mixed signed/unsigned and float/int min/max, shuffles of every width. Each
// static_assert pins the type nvcc gives the call; the parity test compiles this file with nvcc
// and with the CPU backend, so both must agree.
#include <type_traits>

template <class T, class U>
constexpr bool same = std::is_same_v<T, U>;

__global__ void literal_calls(unsigned* u, unsigned long long* ull, long long* ll, int* i, float* f,
                              double* d, unsigned short* us) {
  static_assert(same<decltype(atomicAdd(u, 1)), unsigned>);
  static_assert(same<decltype(atomicAdd(ull, 2)), unsigned long long>);
  static_assert(same<decltype(atomicAdd(f, 1)), float>);
  static_assert(same<decltype(atomicAdd(d, 1.0f)), double>);
  static_assert(same<decltype(atomicSub(u, 1)), unsigned>);
  static_assert(same<decltype(atomicExch(u, 0)), unsigned>);
  static_assert(same<decltype(atomicExch(ull, 0)), unsigned long long>);
  static_assert(same<decltype(atomicMax(u, 7)), unsigned>);
  static_assert(same<decltype(atomicMin(ll, 7)), long long>);
  static_assert(same<decltype(atomicCAS(u, 0, 1)), unsigned>);
  static_assert(same<decltype(atomicCAS(ull, 0, 1)), unsigned long long>);
  static_assert(same<decltype(atomicCAS(us, 0, 1)), unsigned short>);
  static_assert(same<decltype(atomicOr(ull, 1)), unsigned long long>);
  static_assert(same<decltype(atomicInc(u, 10)), unsigned>);
  static_assert(same<decltype(atomicAdd_block(u, 1)), unsigned>);
  static_assert(same<decltype(atomicAdd_system(ull, 1)), unsigned long long>);

  int x = *i;
  unsigned y = *u;
  float fx = *f;
  static_assert(same<decltype(max(x, 1u)), unsigned>);
  static_assert(same<decltype(min(x, y)), unsigned>);
  static_assert(same<decltype(min(y, 0)), unsigned>);
  static_assert(same<decltype(max(x, 0)), int>);
  static_assert(same<decltype(min(fx, 0.0f)), float>);
  static_assert(same<decltype(min(fx, 1.0)), double>);
  static_assert(same<decltype(max(*ll, 1ull)), unsigned long long>);
  static_assert(same<decltype(umin(3, 4)), unsigned>);
  static_assert(same<decltype(llmax(3, 4)), long long>);

  static_assert(same<decltype(__shfl_sync(0xffffffff, x, 0)), int>);
  static_assert(same<decltype(__shfl_sync(0xffffffff, y, 0)), unsigned>);
  static_assert(same<decltype(__shfl_down_sync(0xffffffff, fx, 1)), float>);
  static_assert(same<decltype(__shfl_xor_sync(0xffffffffu, *d, 1, 16)), double>);
  static_assert(same<decltype(__shfl_up_sync(0xffffffff, *ll, 1)), long long>);
  static_assert(same<decltype(__ballot_sync(0xffffffff, x > 0)), unsigned>);
  static_assert(same<decltype(__match_any_sync(0xffffffff, x)), unsigned>);
  static_assert(same<decltype(__reduce_add_sync(0xffffffff, y)), unsigned>);
  static_assert(same<decltype(__reduce_min_sync(0xffffffff, x)), int>);

  static_assert(same<decltype(__popc(y)), int>);
  static_assert(same<decltype(__clz(x)), int>);
  static_assert(same<decltype(__brev(y)), unsigned>);
  static_assert(same<decltype(__umulhi(y, 3)), unsigned>);
  static_assert(same<decltype(__float_as_int(fx)), int>);
  static_assert(same<decltype(__float2int_rd(fx)), int>);
  static_assert(same<decltype(__fadd_rz(fx, 1)), float>);
  static_assert(same<decltype(__ldg(f)), float>);
  static_assert(same<decltype(__ldcg(reinterpret_cast<const float4*>(f))), float4>);
  static_assert(same<decltype(make_float4(1, 2, 3, 4)), float4>);
  static_assert(alignof(float4) == 16 && alignof(double2) == 16 && alignof(int2) == 8 && alignof(char4) == 4);
  static_assert(alignof(longlong4_32a) == 32 && sizeof(float3) == 12 && alignof(short2) == 4);
  dim3 grid(2, 3);
  uint3 as_uint3 = grid;
  dim3 back(as_uint3);
  (void)back;
}
